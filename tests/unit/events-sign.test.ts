import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deliveryHeaders } from "@/lib/events/sign";

const now = new Date("2026-04-16T10:00:00.750Z");
const body = JSON.stringify({ event: "message_created", content: "Grüße, 🎉" });

describe("delivery headers", () => {
  it.each([
    ["a-secret", body],
    ["another secret with spaces", "{}"],
  ])("sign with sha256=HMAC(secret, '<timestamp>.<body>') as the documented recipe checks it (%s)", (secret, payload) => {
    const headers = deliveryHeaders({ deliveryId: "d-1", secret, body: payload, now, event: "message_created", attempt: 1 });
    expect(headers["x-chatwoot-timestamp"]).toBe("1776333600");
    const expected = createHmac("sha256", secret).update(`${headers["x-chatwoot-timestamp"]}.${payload}`).digest("hex");
    expect(headers["x-chatwoot-signature"]).toBe(`sha256=${expected}`);
    expect(headers["x-chatwoot-delivery"]).toBe("d-1");
    expect(headers["content-type"]).toBe("application/json");
  });

  it("sends only the delivery id without a secret", () => {
    const headers = deliveryHeaders({ deliveryId: "d-2", secret: null, body, now, event: "message_created", attempt: 2 });
    expect(headers["x-chatwoot-delivery"]).toBe("d-2");
    expect(headers).not.toHaveProperty("x-chatwoot-signature");
    expect(headers).not.toHaveProperty("x-chatwoot-timestamp");
  });
});
