import { createHmac } from "node:crypto";

/**
 * Chatwoot's delivery headers: `X-Chatwoot-Delivery` always (the same across retries);
 * with a secret, `X-Chatwoot-Timestamp` (unix seconds, fresh per attempt) and
 * `X-Chatwoot-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>` over the exact
 * bytes sent.
 */
export const deliveryHeaders = (input: { deliveryId: string; secret: string | null; body: string; now: Date; event: string; attempt: number }) => {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    "x-chatwoot-delivery": input.deliveryId,
    "x-venuedesk-event": input.event,
    "x-venuedesk-attempt": String(input.attempt),
  };
  if (input.secret) {
    const timestamp = String(Math.floor(input.now.getTime() / 1000));
    headers["x-chatwoot-timestamp"] = timestamp;
    headers["x-chatwoot-signature"] = `sha256=${signature(input.secret, timestamp, input.body)}`;
  }
  return headers;
};

export const signature = (secret: string, timestamp: string, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
