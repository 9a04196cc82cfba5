import { canSeeInbox, type InboxVisibility } from "@/lib/conversations/visibility";

/*
 * Who may hear an event on a live stream. Pure: the hub applies it to every event it reads, to
 * every local connection's snapshot of what its viewer may see.
 */

/**
 * Stored with each event (`events.audience`). `private`: a private note or private typing, never
 * for a contact. `contact_visible`: the conversation's contact hears it on their own stream (only
 * what the widget shows: messages and the conversation itself, no activity). `exclude_user_id`:
 * the typer, who is not told of their own typing. `user_id`: for that user only.
 */
export type Audience = { private?: boolean; contact_visible?: boolean; exclude_user_id?: number; user_id?: number };

type ActorRef = { kind: string; id?: number };
type LiveData = Record<string, unknown>;

/** The conversation events a contact's widget shows (Chatwoot broadcasts these to the contact inbox's token too). */
const conversationEventsForContacts: ReadonlySet<string> = new Set(["conversation_created", "conversation_updated", "conversation_status_changed"]);

/** What an event's name, actor and live data say about who hears it. */
export const audienceOf = (event: { name: string; actor: ActorRef; data: LiveData }): Audience => {
  if (event.name === "message_created" || event.name === "message_updated") {
    const isPrivate = event.data.private === true;
    return { private: isPrivate, contact_visible: !isPrivate && event.data.message_type !== "activity" };
  }
  if (event.name === "conversation_typing_on" || event.name === "conversation_typing_off") {
    const isPrivate = event.data.is_private === true;
    return {
      private: isPrivate,
      // The typer is not told of their own typing, whoever they are.
      contact_visible: !isPrivate && event.actor.kind !== "contact",
      ...(event.actor.kind === "user" && event.actor.id !== undefined ? { exclude_user_id: event.actor.id } : {}),
    };
  }
  if (conversationEventsForContacts.has(event.name)) return { contact_visible: true };
  return {};
};

/** A signed-in user's view: per account they are a member of, the inboxes they see. */
export type UserViewer = { kind: "user"; userId: number; accounts: ReadonlyMap<number, InboxVisibility> };
/** A widget contact's view: their one contact inbox (conversation thread) of one account. */
export type ContactViewer = { kind: "contact"; accountId: number; contactInboxId: number };
export type Viewer = UserViewer | ContactViewer;

/** The columns of an event the filter reads. */
export type AudienceFacts = { accountId: number; inboxId: number | null; contactInboxId: number | null; audience: Audience };

/** Whether the viewer hears the event: the API's visibility rule, then the event's own audience. */
export const hears = (viewer: Viewer, event: AudienceFacts): boolean => {
  if (viewer.kind === "contact") {
    return (
      event.accountId === viewer.accountId &&
      event.contactInboxId === viewer.contactInboxId &&
      event.audience.contact_visible === true &&
      event.audience.private !== true &&
      event.audience.user_id === undefined
    );
  }
  const inboxes = viewer.accounts.get(event.accountId);
  if (!inboxes) return false;
  if (event.audience.exclude_user_id === viewer.userId) return false;
  if (event.audience.user_id !== undefined && event.audience.user_id !== viewer.userId) return false;
  return event.inboxId === null || canSeeInbox(inboxes, event.inboxId);
};
