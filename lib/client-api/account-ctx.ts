import type { AccountCtx, ContactCaller } from "@/lib/auth/caller";
import type { ClientCtx } from "./route";

/**
 * The conversation and message services take an AccountCtx; on the Client API the one acting
 * is the contact of the session, so that is the caller they get.
 */
export const serviceCtx = (ctx: ClientCtx, contactId: number): AccountCtx<ContactCaller> => ({
  db: ctx.db,
  account: ctx.account,
  membership: null,
  caller: { kind: "contact", contactId },
});
