import type { DeliveryState } from "./deliver";

/** What happened to a message, in our words: a mail server's own text never reaches API clients. */
const messageOf = (state: DeliveryState) => {
  switch (state.status) {
    case "sent":
      return "The quote was emailed to the customer.";
    case "stored":
      return "No mail server is configured: the email is kept in the outbox.";
    case "queued":
      if (state.errorCode === "unreachable") return "The quote is sent; the mail server could not be reached, so the email will be tried again.";
      if (state.errorCode === "deferred") return "The quote is sent; the mail server deferred the message, so it will be tried again.";
      return "The quote is sent; its email is waiting to be delivered.";
    case "failed":
      if (state.errorCode === "refused") return "The quote is sent; the mail server refused the message.";
      return "The quote is sent; its email could not be delivered.";
  }
};

/** send_quote's `delivery`: how the email fared, and when it is tried again. */
export const presentDelivery = (state: DeliveryState) => ({
  status: state.status,
  attempts: state.attempts,
  next_attempt_at: state.status === "queued" && state.nextAttemptAt ? state.nextAttemptAt.toISOString() : null,
  error_code: state.errorCode,
  message: messageOf(state),
});
