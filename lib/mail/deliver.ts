import nodemailer from "nodemailer";
import type { DbOrTx } from "@/db/client";
import { outboxMessages } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";

export type OutgoingMail = {
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

/** `SMTP_URL` (e.g. smtp://user:pass@mail.example.com:587), or null when mail is not configured. */
export const smtpUrl = () => process.env.SMTP_URL?.trim() || null;

/** The sender address: `MAIL_FROM`, else the account's support address, else a no-reply one. */
export const senderAddress = (accountName: string, supportEmail: string | null) => {
  const address = process.env.MAIL_FROM?.trim() || supportEmail || "no-reply@venuedesk.invalid";
  return `"${accountName.replace(/["\\]/g, "")}" <${address.replace(/^.*<|>.*$/g, "")}>`;
};

/**
 * Sends through SMTP when it is configured, else keeps the message in the outbox (shown in the
 * portal). Either way the outbox records it. A refusal by the mail server is a 502 and is
 * recorded as failed, so nothing pretends the customer was reached.
 */
export const deliverMail = async (db: DbOrTx, mail: OutgoingMail): Promise<"sent" | "stored"> => {
  const record = (status: "sent" | "stored" | "failed", error: string | null = null) =>
    db.insert(outboxMessages).values({
      accountId: mail.accountId,
      quoteId: mail.quoteId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachmentName: mail.attachment?.filename ?? null,
      status,
      error,
      sentAt: status === "sent" ? new Date() : null,
    });
  const url = smtpUrl();
  if (!url) {
    await record("stored");
    return "stored";
  }
  try {
    await nodemailer.createTransport(url).sendMail({
      from: mail.from,
      replyTo: mail.replyTo ?? undefined,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      attachments: mail.attachment ? [mail.attachment] : [],
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await record("failed", reason.slice(0, 2000));
    throw new ApiError("delivery_failed", `The quote could not be emailed: ${reason}`);
  }
  await record("sent");
  return "sent";
};
