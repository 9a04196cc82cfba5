import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { InboxIcon, LockIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { StatusMessage } from "@/components/ui/status-message";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { pageContext } from "@/lib/portal/context";
import { outboxLimit, type OutboxEntry } from "@/lib/mail/outbox";
import { outboxData } from "@/lib/portal/loaders/outbox";
import { accountPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Outbox · Venuedesk" };

const statuses: Record<OutboxEntry["status"], { label: string; tone: "neutral" | "accent" | "success" | "warning" }> = {
  queued: { label: "Queued", tone: "accent" },
  stored: { label: "In outbox", tone: "neutral" },
  sent: { label: "Sent", tone: "success" },
  failed: { label: "Failed", tone: "warning" },
};

const attemptCount = (attempts: number) => `${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;

/** When, in the venue's zone of the quote it carried (else UTC), and which zone that is. */
const when = (instant: Date, zone: string) => ({
  text: new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    instant,
  ),
  zone: zone.replaceAll("_", " "),
});

/** How many attempts a message took, when that is worth saying. */
const attemptsNote = (message: OutboxEntry) => {
  if (message.status === "queued") return message.attempts === 0 ? "Not tried yet" : `${attemptCount(message.attempts)} so far`;
  if (message.status === "failed" || (message.status === "sent" && message.attempts > 1)) return `After ${attemptCount(message.attempts)}`;
  return null;
};

/** Attempts, when the next one is due, and the mail server's last error (its own words: the account's members may read them). */
const Delivery = ({ message, zone }: { message: OutboxEntry; zone: string }) => {
  const note = attemptsNote(message);
  const next = message.nextAttemptAt;
  return (
    <>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
      {next ? (
        <p className="text-xs text-slate-500">
          Next try <time dateTime={next.toISOString()}>{when(next, zone).text}</time>
        </p>
      ) : null}
      {message.error ? (
        <p className="mt-1 max-w-48 text-xs whitespace-normal text-red-700">
          <span className="font-medium">Last error:</span> {message.error}
        </p>
      ) : null}
    </>
  );
};

export default async function OutboxPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const header = <PageHeader title="Outbox" description="Quotes emailed to customers, newest first." />;
  const outbox = await outboxData(ctx);
  if (!outbox.visible) {
    return (
      <>
        {header}
        <EmptyState
          icon={<LockIcon className="size-6" />}
          title="Only planners can see the outbox"
          description="It holds the emails sent to customers. Ask an administrator for the quote or planning permission."
        />
      </>
    );
  }
  const { messages, configured } = outbox;

  return (
    <>
      {header}
      {configured ? null : (
        <StatusMessage tone="info" className="mb-4">
          No mail server is configured (SMTP_URL), so quote emails are kept here instead of being delivered. Copy a quote&apos;s public link to share it.
        </StatusMessage>
      )}
      {messages.length === 0 ? (
        <EmptyState
          icon={<InboxIcon className="size-6" />}
          title="No emails yet"
          description="When a quote is sent by email from an event's page, the message is listed here."
        />
      ) : (
        <div className="space-y-2">
          <Table label="Outbox" stacked>
            <THead>
              <tr>
                <TH>Time</TH>
                <TH>To</TH>
                <TH>Subject</TH>
                <TH>Quote</TH>
                <TH>Status</TH>
              </tr>
            </THead>
            <TBody>
              {messages.map((message) => {
                const time = when(message.createdAt, message.quote?.timezone ?? "UTC");
                const status = statuses[message.status];
                return (
                  <TR key={message.id}>
                    <TD label="Time" className="sm:whitespace-nowrap">
                      <time dateTime={message.createdAt.toISOString()}>{time.text}</time>
                      <span className="block text-xs text-slate-500">{time.zone}</span>
                    </TD>
                    <TD label="To" className="[overflow-wrap:anywhere] sm:min-w-56">
                      {message.to}
                    </TD>
                    <TD label="Subject" className="sm:min-w-72">
                      <details className="group">
                        <summary className="cursor-pointer rounded font-medium text-slate-900 marker:text-slate-400 max-sm:-my-2 max-sm:py-2">
                          {message.subject}
                          <span className="ml-1 text-xs font-normal text-slate-500 group-open:hidden">(show message)</span>
                        </summary>
                        <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">{message.textBody}</pre>
                        {message.attachmentName ? <p className="mt-1 text-xs text-slate-500">Attachment: {message.attachmentName}</p> : null}
                      </details>
                    </TD>
                    <TD label="Quote" className="sm:min-w-40">
                      {message.quote ? (
                        <Link
                          href={`${accountPath(ctx.account.id, "planning", "events", message.quote.eventId)}?quote=${message.quote.id}#quotes`}
                          className="rounded font-medium text-indigo-700 hover:underline"
                        >
                          {message.quote.eventName}
                          <span className="block text-xs font-normal text-slate-500">Version {message.quote.version}</span>
                        </Link>
                      ) : (
                        <span className="text-slate-400">—</span>
                      )}
                    </TD>
                    <TD label="Status" className="sm:whitespace-nowrap">
                      <Badge tone={status.tone}>{status.label}</Badge>
                      <Delivery message={message} zone={message.quote?.timezone ?? "UTC"} />
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
          {messages.length === outboxLimit ? <p className="text-xs text-slate-500">The newest {outboxLimit} emails are shown.</p> : null}
        </div>
      )}
    </>
  );
}
