"use client";

import Link from "next/link";
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { CopyField } from "@/components/ui/copy-field";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import { Textarea } from "@/components/ui/textarea";
import {
  acceptQuoteAction,
  archiveQuoteAction,
  rejectQuoteAction,
  reviseQuoteAction,
  sendQuoteAction,
  withdrawQuoteAction,
  type QuoteResult,
} from "@/lib/portal/actions/quotes";
import { transition } from "@/lib/quotes/states";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { useEditor } from "./editor-context";
import { EditorDialog } from "./editor-dialog";
import { touchFields, touchTarget } from "./touch";

type QuoteTransition = "withdraw" | "revise" | "archive" | "accept" | "reject";
type Open = "send" | QuoteTransition | null;

type Target = { accountId: number; eventId: string; quoteId: number };

/** Each lifecycle move is its own action, as in the API; the dialog's text is the reason where one is asked for. */
const transitions: Record<QuoteTransition, (target: Target, reason: string) => Promise<QuoteResult>> = {
  withdraw: ({ accountId, eventId, quoteId }) => withdrawQuoteAction(accountId, eventId, quoteId),
  revise: ({ accountId, eventId, quoteId }) => reviseQuoteAction(accountId, eventId, quoteId),
  archive: ({ accountId, eventId, quoteId }) => archiveQuoteAction(accountId, eventId, quoteId),
  accept: ({ accountId, eventId, quoteId }, reason) => acceptQuoteAction(accountId, eventId, quoteId, { acceptance_reason: reason }),
  reject: ({ accountId, eventId, quoteId }, reason) => rejectQuoteAction(accountId, eventId, quoteId, { rejection_reason: reason }),
};

const noSubscription = () => () => {};

/** The public link as an absolute URL (the server gives a root-relative one when no public address is configured). */
const usePublicUrl = (url: string) => {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  return url.startsWith("/") && origin ? `${origin}${url}` : url;
};

/**
 * What can be done with the version: preview and PDF always; the public link once it has been
 * sent; and, for members with quote_manage, the lifecycle's legal moves only (states.ts).
 */
export const QuoteToolbar = ({ quote }: { quote: EditorQuote }) => {
  const { canManage, busy } = useEditor();
  const [open, setOpen] = useState<Open>(null);
  const publicUrl = usePublicUrl(quote.public_url);
  const can = (action: Parameters<typeof transition>[1]) => canManage && transition(quote.status, action).allowed;
  const close = () => setOpen(null);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {can("send") ? (
          <Button size="sm" className={touchTarget} disabled={busy} onClick={() => setOpen("send")}>
            {quote.status === "draft" ? "Send quote" : "Resend"}
          </Button>
        ) : null}
        <a href={quote.preview_path} target="_blank" rel="noopener" className={buttonClass({ variant: "secondary", size: "sm" }, touchTarget)}>
          Preview<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={quote.download_path} className={buttonClass({ variant: "secondary", size: "sm" }, touchTarget)}>
          PDF
        </a>
        {can("accept") ? (
          <Button size="sm" className={touchTarget} variant="secondary" disabled={busy} onClick={() => setOpen("accept")}>
            Accept for the customer
          </Button>
        ) : null}
        {can("reject") ? (
          <Button size="sm" className={touchTarget} variant="secondary" disabled={busy} onClick={() => setOpen("reject")}>
            Mark rejected
          </Button>
        ) : null}
        {can("withdraw") ? (
          <Button size="sm" className={touchTarget} variant="secondary" disabled={busy} onClick={() => setOpen("withdraw")}>
            Withdraw
          </Button>
        ) : null}
        {can("revise") ? (
          <Button size="sm" className={touchTarget} variant={quote.status === "draft" ? "secondary" : "primary"} disabled={busy} onClick={() => setOpen("revise")}>
            Revise
          </Button>
        ) : null}
        {can("archive") ? (
          <Button size="sm" className={touchTarget} variant="ghost" disabled={busy} onClick={() => setOpen("archive")}>
            Archive
          </Button>
        ) : null}
      </div>
      {quote.status !== "draft" ? (
        <div className={cn(touchFields, "max-sm:[&_button]:h-10")}>
          <CopyField id={`quote-${quote.id}-public-link`} label="Public link" value={publicUrl} hint="The customer's page: they can pick optional lines, accept or decline." />
        </div>
      ) : null}

      <SendDialog quote={quote} open={open === "send"} onClose={close} />
      <TransitionDialog quote={quote} action={open === "send" ? null : open} onClose={close} />
    </div>
  );
};

const SendDialog = ({ quote, open, onClose }: { quote: EditorQuote; open: boolean; onClose: () => void }) => {
  const id = useId();
  const { accountId, eventId, run, busy, delivery, outboxPath } = useEditor();
  const [mode, setMode] = useState<"email" | "manual">("email");
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const email = quote.customer.email;
  const canAskEmail = quote.status === "draft";
  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    const result = await run(
      () =>
        sendQuoteAction(accountId, eventId, quote.id, {
          delivery_mode: mode,
          subject: mode === "email" ? value("subject") : undefined,
          body: mode === "email" ? value("body") : undefined,
          customer_email: mode === "email" && !email ? value("customer_email") : undefined,
        }),
      { quiet: true },
    );
    if (result.ok) return close();
    setFailure({ message: result.message, errors: result.errors });
  };

  const emailError = failure?.errors.customer_email;
  return (
    <EditorDialog open={open} onClose={close} title={quote.status === "draft" ? `Send version ${quote.version}` : `Resend version ${quote.version}`} wide>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">How</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700 max-sm:py-1">
            <input type="radio" name="mode" value="email" checked={mode === "email"} onChange={() => setMode("email")} className="mt-0.5 accent-indigo-600" />
            <span>Email it to the customer, with the PDF and the link to accept online</span>
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700 max-sm:py-1">
            <input type="radio" name="mode" value="manual" checked={mode === "manual"} onChange={() => setMode("manual")} className="mt-0.5 accent-indigo-600" />
            <span>Only mark it as sent (you share the link or the PDF yourself)</span>
          </label>
        </fieldset>

        {mode === "email" ? (
          <>
            <StatusMessage tone="info">
              {delivery === "smtp" ? (
                "It goes out through the account's mail server."
              ) : (
                <>
                  No mail server is configured (SMTP_URL), so the email is kept in the{" "}
                  <Link href={outboxPath} className="font-medium text-indigo-700 hover:underline">
                    outbox
                  </Link>{" "}
                  instead of being delivered.
                </>
              )}
            </StatusMessage>
            {email ? (
              <p className="text-sm text-slate-700">
                To: <span className="font-medium text-slate-900">{email}</span>
              </p>
            ) : canAskEmail ? (
              <Input
                id={`${id}-email`}
                name="customer_email"
                type="email"
                label="Customer email"
                required
                hint="The event's contact has no email: it is saved on this version."
                className={touchFields}
                error={emailError}
              />
            ) : (
              <StatusMessage tone="error">This version has no customer email. Revise it to add one, or only mark it as sent.</StatusMessage>
            )}
            <Input id={`${id}-subject`} name="subject" label="Subject" defaultValue={quote.default_subject} className={touchFields} />
            <Textarea
              id={`${id}-body`}
              name="body"
              label="Message"
              rows={5}
              hint="Empty: the standard message with the total and validity. The link to the quote is always added at the end."
            />
          </>
        ) : null}

        {failure && !emailError ? <StatusMessage tone="error">{failure.message}</StatusMessage> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className={touchTarget} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" className={touchTarget} disabled={busy || (mode === "email" && !email && !canAskEmail)}>
            {busy ? "Sending…" : mode === "email" ? "Send quote" : "Mark as sent"}
          </Button>
        </div>
      </form>
    </EditorDialog>
  );
};

const dialogs: Record<QuoteTransition, { title: (version: number) => string; description: string; confirm: string; reason?: "optional" | "required" }> = {
  accept: {
    title: (version) => `Accept version ${version} for the customer?`,
    description: "The event's holds become bookings and the event becomes definite. If a hold can no longer be confirmed, nothing changes.",
    confirm: "Accept quote",
    reason: "optional",
  },
  reject: {
    title: (version) => `Mark version ${version} as rejected?`,
    description: "Record why the customer declined. You can still revise it into a new version.",
    confirm: "Mark rejected",
    reason: "required",
  },
  withdraw: {
    title: (version) => `Withdraw version ${version}?`,
    description: "The customer can no longer accept it. You can revise it into a new version.",
    confirm: "Withdraw quote",
  },
  revise: {
    title: (version) => `Revise version ${version}?`,
    description: "A new draft version is made from this one and priced from the event as it is now. A draft or sent version becomes superseded.",
    confirm: "Create new version",
  },
  archive: {
    title: (version) => `Archive version ${version}?`,
    description: "It stays in the history but can no longer be sent, accepted or revised.",
    confirm: "Archive",
  },
};

const TransitionDialog = ({ quote, action, onClose }: { quote: EditorQuote; action: QuoteTransition | null; onClose: () => void }) => {
  const id = useId();
  const { accountId, eventId, run, busy } = useEditor();
  const [failure, setFailure] = useState<{ message: string; conflict: boolean; errors: Record<string, string> } | null>(null);
  const config = action ? dialogs[action] : null;
  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action) return;
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    const result = await run(() => transitions[action]({ accountId, eventId, quoteId: quote.id }, reason), { quiet: true });
    if (result.ok) return close();
    setFailure({ message: result.message, conflict: result.code === "conflict", errors: result.errors });
  };

  const reasonError = failure?.errors.rejection_reason ?? failure?.errors.acceptance_reason;
  return (
    <EditorDialog open={action !== null} onClose={close} title={config?.title(quote.version) ?? ""} description={config?.description}>
      {config ? (
        <form onSubmit={submit} className="space-y-4" noValidate>
          {config.reason ? (
            <Textarea
              id={`${id}-reason`}
              name="reason"
              label={action === "reject" ? "Reason" : "Note (optional)"}
              rows={3}
              required={config.reason === "required"}
              hint={action === "accept" ? "E.g. “Confirmed by phone with Maria”." : undefined}
              error={reasonError}
            />
          ) : null}
          {failure && !reasonError ? (
            <StatusMessage tone="error">
              {failure.conflict ? <strong className="font-semibold">Can’t accept: </strong> : null}
              {failure.message}
              {failure.conflict ? (
                <span className="mt-1 block">Free the space or move the booking on the calendar, then accept again.</span>
              ) : null}
            </StatusMessage>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" className={touchTarget} onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={action === "withdraw" || action === "archive" || action === "reject" ? "danger" : "primary"}
              className={touchTarget}
              disabled={busy}
            >
              {busy ? "Working…" : config.confirm}
            </Button>
          </div>
        </form>
      ) : null}
    </EditorDialog>
  );
};
