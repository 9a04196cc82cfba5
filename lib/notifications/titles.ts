import { accountPath } from "@/lib/portal/paths";
import type { NotificationType } from "./derive";

/*
 * What a notification says and where it leads, from its type and the `meta` written with it
 * (lib/notifications/derive.ts). Pure: the API's `push_message_title`, the bell and the email agree.
 */

type Meta = Record<string, unknown>;

const text = (meta: Meta, key: string, fallback: string) => (typeof meta[key] === "string" && meta[key] !== "" ? (meta[key] as string) : fallback);
const quoteName = (meta: Meta) => `quote v${typeof meta.quote_version === "number" ? meta.quote_version : "?"} for ${text(meta, "event_name", "an event")}`;
const holdName = (meta: Meta) => `${text(meta, "space_name", "a space")} for ${text(meta, "event_name", "an event")}`;

/** Chatwoot's wording for its conversation types (en.yml `notifications.notification_title`); ours in kind. */
export const notificationTitle = (type: string, meta: Meta): string => {
  const displayId = String(meta.display_id ?? "");
  switch (type as NotificationType) {
    case "conversation_assignment":
      return `A conversation (#${displayId}) has been assigned to you`;
    case "assigned_conversation_new_message":
      return `A new message is created in conversation (#${displayId})`;
    case "conversation_mention":
      return `You have been mentioned in conversation (#${displayId})`;
    case "quote_viewed":
      return `The customer opened ${quoteName(meta)}`;
    case "quote_accepted":
      return `${capitalised(quoteName(meta))} has been accepted`;
    case "quote_rejected":
      return `${capitalised(quoteName(meta))} has been declined`;
    case "hold_expiring":
      return `The hold on ${holdName(meta)} expires within a day`;
    case "allocation_conflict":
      return typeof meta.reason === "string"
        ? `The customer could not accept ${quoteName(meta)}: a held space is taken`
        : `The hold on ${holdName(meta)} can no longer be confirmed: ${text(meta, "blocked_by_event_name", "another booking")} was confirmed over it`;
    default:
      return type;
  }
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The portal page a notification opens: its conversation, or the planning event its quote or hold belongs to. */
export const notificationPath = (accountId: number, notification: { primaryActorType: string; meta: Meta }): string => {
  const { meta } = notification;
  if (notification.primaryActorType === "Conversation" && meta.display_id !== undefined) return accountPath(accountId, "conversations", String(meta.display_id));
  if (typeof meta.planning_event_id === "string") return accountPath(accountId, "planning", "events", meta.planning_event_id);
  return accountPath(accountId, "notifications");
};
