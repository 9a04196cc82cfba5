import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { anyOfPlaceholder, arrayLiteral } from "@/db/any";
import { getDb } from "@/db/client";
import { plainRows } from "@/db/rows";
import { accountUsers, allocations, contacts, conversations, messages, teams, users } from "@/db/schema";
import { makeFixture, type Fixture } from "../helpers/fixtures";

/*
 * db/rows.ts: rows mapped once per statement must be exactly the objects drizzle makes — Dates,
 * JSON, arrays, bigints, nulls, `mapWith` expressions, tables nested under a key and outer joins
 * that found nothing.
 */

let fixture: Fixture;
beforeAll(async () => {
  fixture = await makeFixture();
  const db = getDb();
  // Values of every kind the hot lists read: set timestamps, labels, JSON, nulls beside them.
  await db
    .update(conversations)
    .set({ labels: ["vip", "late"], snoozedUntil: new Date("2029-03-04T05:06:07.891Z"), additionalAttributes: { browser: { name: "Firefox" } } })
    .where(eq(conversations.accountId, fixture.accountId));
});

/** Runs the query both ways, each prepared afresh: drizzle's mapping, then plainRows'. */
const bothWays = async <Q extends { prepare: (name: string) => { execute: (values?: Record<string, unknown>) => Promise<unknown> } }>(
  build: () => Q,
  values: Record<string, unknown> = {},
) => {
  const drizzles = await build().prepare("drizzle_rows").execute(values);
  const prepared = plainRows(build().prepare("plain_rows") as never) as unknown as { execute: (values?: Record<string, unknown>) => Promise<unknown> };
  return { drizzles, plain: await prepared.execute(values), mappedOnce: Object.hasOwn(prepared, "execute") };
};

describe("plainRows", () => {
  it.each([
    ["conversations, every column", () => getDb().select().from(conversations).where(eq(conversations.accountId, fixture.accountId))],
    ["contacts, every column", () => getDb().select().from(contacts).where(eq(contacts.accountId, fixture.accountId))],
    ["messages (bigint ids, JSON, timestamps)", () => getDb().select().from(messages).where(eq(messages.accountId, fixture.accountId))],
    ["allocations (uuids, JSON metadata, nullable times)", () => getDb().select().from(allocations).where(eq(allocations.accountId, fixture.accountId))],
    [
      "expressions with mapWith and plain sql",
      () =>
        getDb()
          .select({
            id: conversations.id,
            count: sql<number>`(select count(*) from ${messages} m where m.conversation_id = ${conversations}.id)`.mapWith(Number),
            raw: sql<string>`'text'`,
            activity: conversations.lastActivityAt,
          })
          .from(conversations)
          .where(eq(conversations.accountId, fixture.accountId)),
    ],
    [
      "a table nested under a key, beside an expression",
      () =>
        getDb()
          .select({ team: teams, isMember: sql<boolean>`true` })
          .from(teams)
          .where(eq(teams.accountId, fixture.accountId)),
    ],
    [
      "an inner join's columns",
      () =>
        getDb()
          .select({ userId: users.id, name: users.name, role: accountUsers.role, createdAt: accountUsers.createdAt })
          .from(accountUsers)
          .innerJoin(users, eq(users.id, accountUsers.userId))
          .where(eq(accountUsers.accountId, fixture.accountId)),
    ],
  ] as const)("maps %s exactly as drizzle does", async (_, build) => {
    const { drizzles, plain, mappedOnce } = await bothWays(build as () => never);
    expect(mappedOnce).toBe(true);
    expect((drizzles as unknown[]).length).toBeGreaterThan(0);
    expect(plain).toEqual(drizzles);
  });

  it("keeps Dates as Dates and fills placeholders", async () => {
    const build = () =>
      getDb()
        .select()
        .from(conversations)
        .where(and(eq(conversations.accountId, sql.placeholder("accountId")), anyOfPlaceholder(conversations.displayId, "ids")));
    const { drizzles, plain } = await bothWays(build, { accountId: fixture.accountId, ids: arrayLiteral([fixture.conversation.displayId]) });
    const [row] = plain as (typeof conversations.$inferSelect)[];
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.snoozedUntil?.toISOString()).toBe("2029-03-04T05:06:07.891Z");
    expect(row?.labels).toEqual(["vip", "late"]);
    expect(plain).toEqual(drizzles);
  });

  it.each([
    [
      "an outer join that finds nothing: the nested table is null",
      () =>
        getDb()
          .select({ contact: contacts, conversation: conversations })
          .from(contacts)
          .leftJoin(conversations, sql`false`)
          .where(eq(contacts.accountId, fixture.accountId)),
    ],
    [
      "an outer join that finds a row, beside one that does not",
      () =>
        getDb()
          .select({ conversation: conversations, contact: contacts, team: teams, teamName: teams.name })
          .from(conversations)
          .leftJoin(contacts, eq(contacts.id, conversations.contactId))
          .leftJoin(teams, sql`false`)
          .where(eq(conversations.accountId, fixture.accountId)),
    ],
    [
      "a nested selection of two tables' columns (never null)",
      () =>
        getDb()
          .select({ id: contacts.id, mixed: { teamId: teams.id, contactName: contacts.name } })
          .from(contacts)
          .leftJoin(teams, sql`false`)
          .where(eq(contacts.accountId, fixture.accountId)),
    ],
    [
      "a nested selection led by an expression",
      () =>
        getDb()
          .select({ id: contacts.id, team: { one: sql<number>`1`, id: teams.id, name: teams.name } })
          .from(contacts)
          .leftJoin(teams, sql`false`)
          .where(eq(contacts.accountId, fixture.accountId)),
    ],
  ] as const)("maps %s exactly as drizzle does", async (_, build) => {
    const { drizzles, plain, mappedOnce } = await bothWays(build as () => never);
    expect(mappedOnce).toBe(true);
    expect((drizzles as unknown[]).length).toBeGreaterThan(0);
    expect(plain).toEqual(drizzles);
    // Same keys in the same order, so the objects serialize alike.
    expect(JSON.stringify(plain)).toBe(JSON.stringify(drizzles));
  });

  it("turns a table an outer join did not find into null, and keeps one it found", async () => {
    const { plain } = await bothWays(
      () =>
        getDb()
          .select({ conversation: conversations, contact: contacts, team: teams })
          .from(conversations)
          .leftJoin(contacts, eq(contacts.id, conversations.contactId))
          .leftJoin(teams, sql`false`)
          .where(eq(conversations.accountId, fixture.accountId)) as never,
    );
    const rows = plain as { conversation: { contactId: number }; contact: { id: number } | null; team: unknown }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.contact?.id).toBe(row.conversation.contactId);
      expect(row.team).toBeNull();
    }
  });

  it("reads timestamps in any session time zone as drizzle does", async () => {
    // Another offset than +00 is left to Date's parser: the same instants all the same.
    const results = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      const drizzles = await tx.select({ at: conversations.createdAt, snoozed: conversations.snoozedUntil }).from(conversations).where(eq(conversations.accountId, fixture.accountId));
      const plain = await plainRows(
        tx.select({ at: conversations.createdAt, snoozed: conversations.snoozedUntil }).from(conversations).where(eq(conversations.accountId, fixture.accountId)).prepare("plain_rows_kolkata"),
      ).execute();
      return { drizzles, plain };
    });
    expect(results.plain).toEqual(results.drizzles);
    expect(results.plain[0]?.snoozed?.toISOString()).toBe("2029-03-04T05:06:07.891Z");
  });
});
