/**
 * The quote lifecycle (DESIGN.md §6 "Quote lifecycle") as a pure function: which operation is
 * legal in which state and where it leads. `expired` is never stored: a sent quote read after
 * its `valid_until` day is expired.
 */
export const quoteStatuses = ["draft", "sent", "withdrawn", "accepted", "rejected", "superseded", "archived"] as const;
export type StoredQuoteStatus = (typeof quoteStatuses)[number];
export type QuoteStatus = StoredQuoteStatus | "expired";

export const quoteActions = ["update", "send", "withdraw", "accept", "reject", "revise", "archive"] as const;
export type QuoteAction = (typeof quoteActions)[number];

/** `today` is the local date where the quote's venue is (YYYY-MM-DD compares as text). */
export const effectiveStatus = (status: StoredQuoteStatus, validUntil: string | null, today: string): QuoteStatus =>
  status === "sent" && validUntil !== null && today > validUntil ? "expired" : status;

export type Transition =
  | { allowed: true; to: StoredQuoteStatus; /** revise: what the source becomes */ source?: StoredQuoteStatus }
  | { allowed: false; message: string };

const refuse = (message: string): Transition => ({ allowed: false, message });

const verbs: Record<QuoteAction, string> = {
  update: "edited",
  send: "sent",
  withdraw: "withdrawn",
  accept: "accepted",
  reject: "rejected",
  revise: "revised",
  archive: "archived",
};

/** Where `action` takes a quote in `status` (the effective one, `expired` included). */
export const transition = (status: QuoteStatus, action: QuoteAction): Transition => {
  const no = () => refuse(`A ${status} quote can't be ${verbs[action]}`);
  switch (action) {
    case "update":
      return status === "draft" ? { allowed: true, to: "draft" } : refuse(`Only a draft can be edited; this quote is ${status} (revise it for a new version)`);
    case "send":
      if (status === "expired") return refuse("This quote has expired; revise it to send a new version");
      return status === "draft" || status === "sent" ? { allowed: true, to: "sent" } : no();
    case "withdraw":
      return status === "sent" || status === "expired" ? { allowed: true, to: "withdrawn" } : refuse(`Only a sent quote can be withdrawn; this quote is ${status}`);
    case "accept":
      if (status === "expired") return refuse("This quote has expired and can no longer be accepted");
      return status === "draft" || status === "sent" ? { allowed: true, to: "accepted" } : no();
    case "reject":
      return status === "draft" || status === "sent" || status === "expired" ? { allowed: true, to: "rejected" } : no();
    case "revise":
      if (status === "archived") return no();
      return { allowed: true, to: "draft", source: status === "draft" || status === "sent" || status === "expired" ? "superseded" : undefined };
    case "archive":
      return status === "archived" ? no() : { allowed: true, to: "archived" };
  }
};
