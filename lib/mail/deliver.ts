import { and, asc, eq, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import type { DbOrTx } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import { logFailure } from "@/lib/log";
import { afterFailure, classifyFailure, maxAttempts } from "./retry";

export type OutgoingMail = {
  /** `quote` (the default): to a customer, listed in the planners' outbox; `notification`: to a member. */
  kind?: "quote" | "notification";
  accountId: number;
  quoteId: number | null;
  from: string;
  replyTo: string | null;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachment: { filename: string; content: Buffer; contentType: string } | null;
};

type OutboxRow = typeof outboxMessages.$inferSelect;

/** Where a message stands, without its content: what callers show. */
export type DeliveryState = Pick<OutboxRow, "id" | "status" | "attempts" | "nextAttemptAt" | "errorCode">;

const deliveryColumns = {
  id: outboxMessages.id,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  errorCode: outboxMessages.errorCode,
};

/** `SMTP_URL` (e.g. smtp://user:pass@mail.example.com:587), or null when mail is not configured. */
export const smtpUrl = () => process.env.SMTP_URL?.trim() || null;

/** The sender address: `MAIL_FROM`, else the account's support address, else a no-reply one. */
export const senderAddress = (accountName: string, supportEmail: string | null) => {
  const address = process.env.MAIL_FROM?.trim() || supportEmail || "no-reply@venuedesk.invalid";
  return `"${accountName.replace(/["\\]/g, "")}" <${address.replace(/^.*<|>.*$/g, "")}>`;
};

/**
 * A claimed message is not due again for this long, so no other dispatcher takes it while it is
 * being sent; should this process die mid-send, the message is retried after it. It is far longer
 * than a send can take with the timeouts below.
 */
const leaseMs = 10 * 60_000;

/** nodemailer waits up to an hour on a silent socket by default: far past the lease. */
const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000, dnsTimeout: 15_000 };

/**
 * Writes the message into the outbox, on the caller's transaction: `queued` for delivery after
 * commit when a mail server is configured, else `stored` there for the portal.
 */
export const queueMail = async (db: DbOrTx, mail: OutgoingMail, now = new Date()): Promise<DeliveryState> => {
  const queued = smtpUrl() !== null;
  const [message] = await db
    .insert(outboxMessages)
    .values({
      kind: mail.kind ?? "quote",
      accountId: mail.accountId,
      quoteId: mail.quoteId,
      fromAddress: mail.from,
      replyTo: mail.replyTo,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachmentName: mail.attachment?.filename ?? null,
      attachmentContentType: mail.attachment?.contentType ?? null,
      attachmentContent: mail.attachment?.content ?? null,
      status: queued ? "queued" : "stored",
      nextAttemptAt: queued ? now : null,
    })
    .returning(deliveryColumns);
  return message!;
};

/**
 * Takes one due `queued` message (only message `id`, when given) for one attempt: under
 * `FOR UPDATE SKIP LOCKED`, so two dispatchers never take the same one, it counts the attempt
 * and pushes `next_attempt_at` past the lease before anything is sent.
 */
const claim = (db: DbOrTx, now: Date, id?: number): Promise<OutboxRow | null> =>
  db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, "queued"), lte(outboxMessages.nextAttemptAt, now), id === undefined ? undefined : eq(outboxMessages.id, id)))
      .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, lastAttemptAt: now, nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(eq(outboxMessages.id, due.id))
      .returning();
    return claimed ?? null;
  });

/** One attempt at a claimed message, and its outcome recorded (unless a later claim owns it by now). */
const attempt = async (db: DbOrTx, url: string, message: OutboxRow, now: Date): Promise<DeliveryState> => {
  let outcome: Partial<typeof outboxMessages.$inferInsert>;
  try {
    await nodemailer.createTransport(new SMTPTransport({ ...timeouts, url })).sendMail({
      from: message.fromAddress,
      replyTo: message.replyTo ?? undefined,
      to: message.toAddress,
      subject: message.subject,
      text: message.textBody,
      html: message.htmlBody ?? undefined,
      attachments:
        message.attachmentName && message.attachmentContent
          ? [{ filename: message.attachmentName, content: message.attachmentContent, contentType: message.attachmentContentType ?? undefined }]
          : [],
    });
    outcome = { status: "sent", sentAt: now, nextAttemptAt: null, error: null, errorCode: null };
  } catch (error) {
    const failure = classifyFailure(error);
    outcome = { ...afterFailure(failure, message.attempts, now, maxAttempts()), error: failure.detail, errorCode: failure.code };
  }
  const [recorded] = await db
    .update(outboxMessages)
    .set(outcome)
    .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.attempts, message.attempts)))
    .returning(deliveryColumns);
  return recorded ?? (await deliveryState(db, message.id));
};

const deliveryState = async (db: DbOrTx, id: number): Promise<DeliveryState> => {
  const [state] = await db.select(deliveryColumns).from(outboxMessages).where(eq(outboxMessages.id, id));
  return state!;
};

/**
 * The first attempt at a message just queued, made after its transaction committed so the
 * answer can tell how it went. When a dispatcher took it first, it answers the message as it is.
 */
export const deliverQueuedMail = async (db: DbOrTx, queued: DeliveryState, now = new Date()): Promise<DeliveryState> => {
  const url = smtpUrl();
  if (queued.status !== "queued" || !url) return queued;
  try {
    const message = await claim(db, now, queued.id);
    return message ? await attempt(db, url, message, now) : await deliveryState(db, queued.id);
  } catch (error) {
    // What queued it is committed and stands; the dispatcher tries the message again.
    logFailure({ where: "first mail delivery attempt" }, error);
    return queued;
  }
};

/**
 * The mail dispatcher's run: delivers the queued messages due at `now` (every account: a system
 * job), one claim at a time so several app instances share the work without sending a message
 * twice. Without a mail server they wait in the queue.
 */
export const deliverDueMail = async (db: DbOrTx, now = new Date(), options: { limit?: number } = {}) => {
  const url = smtpUrl();
  const totals = { attempted: 0, sent: 0 };
  if (!url) return totals;
  while (totals.attempted < (options.limit ?? 100)) {
    const message = await claim(db, now);
    if (!message) break;
    const outcome = await attempt(db, url, message, now);
    totals.attempted += 1;
    if (outcome.status === "sent") totals.sent += 1;
  }
  return totals;
};
