import { fieldError } from "@/lib/http/errors";
import type { OutboundPurpose } from "./addresses";
import { OutboundError, refuseNonPublic, resolve, targetOf } from "./fetch";

const resolveTimeoutMs = 2_000;

/**
 * The save-time half of the outbound guard (the connect-time half is `guardedFetch`): a URL
 * whose host is, or resolves to, a loopback, private, link-local or metadata address is refused
 * unless allow-listed. A name that does not resolve (yet) is accepted: connect time decides, and
 * `.test` or `example.com` addresses stay valid where there is no DNS.
 */
export const checkOutboundUrl = async (url: string, purpose: OutboundPurpose) => {
  const { host, allowed } = targetOf(url, purpose);
  if (allowed) return;
  let addresses: Awaited<ReturnType<typeof resolve>>;
  try {
    addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => setTimeout(() => reject(new OutboundError("unresolved", `${host} did not resolve in time`)), resolveTimeoutMs).unref()),
    ]);
  } catch (error) {
    if (error instanceof OutboundError && error.code === "unresolved") return;
    throw error;
  }
  refuseNonPublic(host, addresses, allowed);
};

/** `checkOutboundUrl` for a request field: a refusal is a 422 on that field. Empty values pass. */
export const ensureOutboundUrl = async (field: string, url: string | null | undefined, purpose: OutboundPurpose = "webhook") => {
  if (!url) return;
  try {
    await checkOutboundUrl(url, purpose);
  } catch (error) {
    if (error instanceof OutboundError) throw fieldError(field, error.message);
    throw error;
  }
};
