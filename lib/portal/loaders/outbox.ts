import type { AccountCtx } from "@/lib/auth/caller";
import { smtpUrl } from "@/lib/mail/deliver";
import { canSeeOutbox, listOutbox } from "@/lib/mail/outbox";

/** The outbox page: the newest emails sent to customers (planners and quote senders only), and whether a mail server delivers them. */
export const outboxData = async (ctx: AccountCtx) =>
  canSeeOutbox(ctx) ? { visible: true as const, messages: await listOutbox(ctx), configured: smtpUrl() !== null } : { visible: false as const };
