import type { LiveFrame } from "./frames";

/*
 * The live frames about the signed-in user's notifications (notification_created, _updated,
 * _deleted: the server sends them to that user only). Pure, for the bell and the list.
 */

export const isNotificationFrame = (frame: LiveFrame, accountId: number) => frame.event.startsWith("notification_") && frame.account_id === accountId;

/** The unread count the frame carries, or null when it carries none. */
export const unreadCountOf = (frame: LiveFrame): number | null => {
  const count = frame.data.unread_count;
  return typeof count === "number" && Number.isSafeInteger(count) && count >= 0 ? count : null;
};
