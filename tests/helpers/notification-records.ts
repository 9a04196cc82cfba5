import { getDb } from "@/db/client";
import { notifications } from "@/db/schema";
import { maxRecordId } from "@/lib/http/schemas";
import type { Fixture } from "./fixtures";

/*
 * A notification of the fixture's administrator (whose token the sweeps use), for the sweeps
 * that fill `{id}` of /notifications from a fixture. A fixture without one gets an id that
 * names nothing (its requests answer 404).
 */
const made = new Map<number, number>();

export const notificationIdOf = (fixture: Fixture) => made.get(fixture.accountId) ?? maxRecordId;

export const makeNotificationRecords = async (fixture: Fixture) => {
  const [row] = await getDb()
    .insert(notifications)
    .values({
      accountId: fixture.accountId,
      userId: fixture.admin.id,
      notificationType: "quote_viewed",
      primaryActorType: "Quote",
      primaryActorId: String(fixture.draftQuote.id),
      meta: { planning_event_id: fixture.event.id, event_name: `Event ${fixture.tag}`, quote_version: 1 },
    })
    .returning({ id: notifications.id });
  made.set(fixture.accountId, row!.id);
  return row!.id;
};
