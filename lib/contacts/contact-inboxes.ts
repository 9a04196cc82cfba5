import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { contactInboxes } from "@/db/schema";
import { fieldError } from "@/lib/http/errors";

export type ContactInbox = typeof contactInboxes.$inferSelect;

/**
 * The contact's identity in an inbox. With a `sourceId` it is found or created under that id
 * (422 when the id already belongs to another contact of the inbox); without one, the
 * contact's existing identity in the inbox is reused, or a UUID source id is made.
 */
export const ensureContactInbox = async (
  db: DbOrTx,
  input: { accountId: number; contactId: number; inboxId: number; sourceId?: string | null; hmacVerified?: boolean },
): Promise<ContactInbox> => {
  if (input.sourceId) {
    const [existing] = await db
      .select()
      .from(contactInboxes)
      .where(and(eq(contactInboxes.inboxId, input.inboxId), eq(contactInboxes.sourceId, input.sourceId)));
    if (existing) {
      if (existing.contactId !== input.contactId) throw fieldError("source_id", "should be unique", "taken");
      return existing;
    }
  } else {
    const [existing] = await db
      .select()
      .from(contactInboxes)
      .where(and(eq(contactInboxes.inboxId, input.inboxId), eq(contactInboxes.contactId, input.contactId)))
      .limit(1);
    if (existing) return existing;
  }
  const [created] = await db
    .insert(contactInboxes)
    .values({
      accountId: input.accountId,
      contactId: input.contactId,
      inboxId: input.inboxId,
      sourceId: input.sourceId ?? randomUUID(),
      hmacVerified: input.hmacVerified ?? false,
      pubsubToken: randomBytes(18).toString("base64url"),
    })
    .returning();
  return created!;
};
