import { and, arrayOverlaps, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { anyOf, arrayLiteral } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { builtPerShape } from "@/db/prepared";
import { plainRows } from "@/db/rows";
import {
  contactInboxes,
  contacts,
  conversationCounters,
  conversationPriorities,
  conversationStatuses,
  conversations,
  messages,
} from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { customAttributeKeys } from "@/lib/custom-attributes/custom-attributes";
import { buildFilter, type FilterCondition, type FilterFields } from "@/lib/filters/engine";
import { notFound } from "@/lib/http/errors";
import { callerUserId, statusValue } from "./conversations";
import type { ConversationRow } from "./present";
import type { AssigneeType, ConversationListQuery, ConversationSort, InboxConversationQuery } from "./schemas";
import { memberInboxIds, narrowedToMember, visibleConversations } from "./visibility";

/** Chatwoot's page size (env `CONVERSATION_RESULTS_PER_PAGE`, default 25). */
export const conversationsPerPage = () => {
  const size = Number(process.env.CONVERSATION_RESULTS_PER_PAGE);
  return Number.isInteger(size) && size > 0 && size <= 500 ? size : 25;
};

/** `updated_within` turns paging off; this bounds the answer all the same. */
const unpagedLimit = 1000;

/** The API's list query, or the inbox's (the same with one assignee). */
type ListQuery = ConversationListQuery | InboxConversationQuery;
const assigneeIdOf = (query: ListQuery) => ("assignee_id" in query ? query.assignee_id : undefined);

export type ConversationCounts = { mine_count: number; assigned_count: number; unassigned_count: number; all_count: number };
/**
 * A page of rows, with the counts still running: the caller presents the rows (a few more
 * queries) while PostgreSQL counts, and awaits both.
 */
export type ConversationPage = { counts: Promise<ConversationCounts>; rows: ConversationRow[]; page: number };

/** A promise awaited later: a failure is not "unhandled" while the rows are still loading. */
const later = <T>(promise: Promise<T>) => {
  promise.catch(() => undefined);
  return promise;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${escapeLike(text)}%`;
const p = (name: string) => sql.placeholder(name);

/** Exactly the expression contacts_search_idx (trigram GIN) covers, so ILIKE can use the index. */
const contactSearchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.email}, '') || ' ' || coalesce(${contacts.phoneNumber}, '') || ' ' || coalesce(${contacts.identifier}, ''))`;

/** What was said, not what happened: activity messages ("Assigned to Sam") are not searched. */
const saidMatches = (accountId: number | Placeholder, pattern: string | Placeholder) =>
  and(eq(messages.accountId, accountId), ne(messages.messageType, 2), ilike(messages.content, pattern));

/** Chatwoot's `unattended`: no human reply yet, or a customer waiting for one (the list's filter, reports' counts). */
export const isUnattended: SQL = or(isNull(conversations.firstReplyCreatedAt), isNotNull(conversations.waitingSince))!;

const orderings: Record<ConversationSort, SQL[]> = {
  last_activity_at_desc: [desc(conversations.lastActivityAt), desc(conversations.id)],
  last_activity_at_asc: [asc(conversations.lastActivityAt), asc(conversations.id)],
  created_at_asc: [asc(conversations.createdAt), asc(conversations.id)],
  created_at_desc: [desc(conversations.createdAt), desc(conversations.id)],
  priority_asc: [sql`${conversations.priority} asc nulls last`, desc(conversations.lastActivityAt), desc(conversations.id)],
  priority_desc: [sql`${conversations.priority} desc nulls last`, desc(conversations.lastActivityAt), desc(conversations.id)],
  priority_desc_created_at_asc: [sql`${conversations.priority} desc nulls last`, asc(conversations.createdAt), asc(conversations.id)],
  waiting_since_asc: [sql`${conversations.waitingSince} asc nulls last`, asc(conversations.createdAt), asc(conversations.id)],
  waiting_since_desc: [sql`${conversations.waitingSince} desc nulls last`, asc(conversations.createdAt), asc(conversations.id)],
};

const zeroCounts: ConversationCounts = { mine_count: 0, assigned_count: 0, unassigned_count: 0, all_count: 0 };

/**
 * Which filters a list request uses — not their values — and so which statement it runs: each
 * shape's statements are built once (db/prepared.ts builtPerShape), the values placeholders.
 * Every list filter is here except the assignee type (the counts are taken across assignee types).
 */
type ListShape = {
  mode: "api" | "inbox";
  /** A user is asking (mine_count, `assignee_type=me` and conversation types name them). */
  user: boolean;
  /** Narrowed to the member's inboxes (visibility.ts). */
  member: boolean;
  status: boolean;
  q: boolean;
  assignee: boolean;
  inbox: boolean;
  team: boolean;
  labels: boolean;
  source: boolean;
  conversationType: NonNullable<ConversationListQuery["conversation_type"]> | null;
  updatedWithin: boolean;
};

type ListRequest = { shape: ListShape; values: Record<string, unknown> };

/**
 * The API's list searches message content in every status, as Chatwoot's does; the portal's
 * inbox searches contacts too, keeps its status filter, and may narrow to one assignee.
 */
const listRequest = (ctx: AccountCtx, query: ListQuery, mode: "api" | "inbox"): ListRequest => {
  const userId = callerUserId(ctx);
  const labels = (query.labels ?? []).map((label) => label.toLowerCase()).filter(Boolean);
  const assigneeId = assigneeIdOf(query);
  const shape: ListShape = {
    mode,
    user: userId !== null,
    member: narrowedToMember(ctx) !== null,
    status: (!query.q || mode === "inbox") && query.status !== "all",
    q: Boolean(query.q),
    assignee: assigneeId !== undefined,
    inbox: query.inbox_id !== undefined,
    team: query.team_id !== undefined,
    labels: labels.length > 0,
    source: query.source_id !== undefined,
    conversationType: query.conversation_type ?? null,
    updatedWithin: query.updated_within !== undefined,
  };
  const values: Record<string, unknown> = {
    accountId: ctx.account.id,
    // Conversation types name the caller; a bot is no one (0).
    userId: userId ?? 0,
    status: query.status === "all" ? null : statusValue(query.status),
    pattern: query.q ? containing(query.q) : null,
    assigneeId: assigneeId ?? null,
    inboxId: query.inbox_id ?? null,
    teamId: query.team_id ?? null,
    labels: arrayLiteral(labels),
    sourceId: query.source_id ?? null,
    mention: `%mention://user/${userId ?? 0}/%`,
    updatedWithin: query.updated_within ?? null,
  };
  return { shape, values };
};

/**
 * Conversations with a message whose content contains the pattern (the trigram index serves the
 * ILIKE). Subqueries name their columns outright: drizzle leaves one-table columns unqualified.
 */
const contentMatches = sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations}.id and m.account_id = ${p("accountId")} and m.content ilike ${p("pattern")})`;

/**
 * The portal inbox's search: conversations with a message containing the pattern, or whose
 * contact's name, email, phone number or identifier contains it. Each side is served by its
 * trigram index and the two are joined once (an OR of EXISTS would run a subquery per conversation).
 */
const inboxSearchMatches = (db: DbOrTx) =>
  inArray(
    conversations.id,
    unionAll(
      db.select({ id: messages.conversationId }).from(messages).where(saidMatches(p("accountId"), p("pattern"))),
      db
        .select({ id: conversations.id })
        .from(conversations)
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(and(eq(contacts.accountId, p("accountId")), sql`${contactSearchText} ilike ${p("pattern")}`)),
    ),
  );

/** Chatwoot's conversation_type: mentions are `mention://user/<id>/` links in private notes. */
const conversationTypeCondition = (type: NonNullable<ListShape["conversationType"]>): SQL => {
  if (type === "unattended") return isUnattended;
  const mentioned = sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations}.id and m.private and m.content like ${p("mention")})`;
  if (type === "mention") return mentioned;
  const replied = sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations}.id and m.sender_type = 'User' and m.sender_id = ${p("userId")})`;
  return or(eq(conversations.assigneeId, p("userId")), replied, mentioned)!;
};

/** The shape's conditions, over placeholders named as listRequest's values. */
const listConditions = (db: DbOrTx, shape: ListShape): SQL | undefined =>
  and(
    eq(conversations.accountId, p("accountId")),
    shape.member ? memberInboxIds(db, conversations.inboxId, { accountId: p("accountId"), userId: p("userId") }) : undefined,
    shape.status ? eq(conversations.status, p("status")) : undefined,
    shape.q ? (shape.mode === "inbox" ? inboxSearchMatches(db) : contentMatches) : undefined,
    shape.assignee ? eq(conversations.assigneeId, p("assigneeId")) : undefined,
    shape.inbox ? eq(conversations.inboxId, p("inboxId")) : undefined,
    shape.team ? eq(conversations.teamId, p("teamId")) : undefined,
    shape.labels ? arrayOverlaps(conversations.labels, p("labels")) : undefined,
    shape.source
      ? inArray(
          conversations.contactInboxId,
          db
            .select({ id: contactInboxes.id })
            .from(contactInboxes)
            .where(and(eq(contactInboxes.accountId, p("accountId")), eq(contactInboxes.sourceId, p("sourceId")))),
        )
      : undefined,
    shape.conversationType ? conversationTypeCondition(shape.conversationType) : undefined,
    shape.updatedWithin ? sql`${conversations.updatedAt} > now() - make_interval(secs => ${p("updatedWithin")})` : undefined,
  );

/** The caller's own conversations; a bot has none. */
const isMine = (user: boolean): SQL => (user ? eq(conversations.assigneeId, p("userId")) : sql`false`);

const assigneeCondition = (type: AssigneeType, user: boolean): SQL | undefined => {
  if (type === "me") return isMine(user);
  if (type === "assigned") return isNotNull(conversations.assigneeId);
  if (type === "unassigned") return isNull(conversations.assigneeId);
  return undefined;
};

const shapeKey = (shape: object) => JSON.stringify(shape);

/** A page of the shape in an order, for one assignee type. */
const pageStatement = builtPerShape(shapeKey, (db, { list, assigneeType, sortBy }: { list: ListShape; assigneeType: AssigneeType; sortBy: ConversationSort }) =>
  plainRows(
    db
      .select()
      .from(conversations)
      .where(and(listConditions(db, list), assigneeCondition(assigneeType, list.user)))
      .orderBy(...orderings[sortBy])
      .limit(p("limit"))
      .offset(p("offset"))
      .prepare("conversation_page"),
  ),
);

/** The four counts over a shape's filters, in one pass. */
const countStatement = builtPerShape(shapeKey, (db, list: ListShape) =>
  db
    .select({
      mine_count: sql<number>`count(*) filter (where ${isMine(list.user)})`.mapWith(Number),
      assigned_count: sql<number>`count(*) filter (where ${conversations.assigneeId} is not null)`.mapWith(Number),
      unassigned_count: sql<number>`count(*) filter (where ${conversations.assigneeId} is null)`.mapWith(Number),
      all_count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversations)
    .where(listConditions(db, list))
    .prepare("conversation_counts"),
);

/** The four counts over any conditions (the filter endpoint's). */
const countConversations = async (ctx: AccountCtx, where: SQL | undefined): Promise<ConversationCounts> => {
  const [row] = await ctx.db
    .select({
      mine_count: sql<number>`count(*) filter (where ${isMine(callerUserId(ctx) !== null)})`.mapWith(Number),
      assigned_count: sql<number>`count(*) filter (where ${conversations.assigneeId} is not null)`.mapWith(Number),
      unassigned_count: sql<number>`count(*) filter (where ${conversations.assigneeId} is null)`.mapWith(Number),
      all_count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversations)
    .where(where)
    .prepare("conversation_filter_counts")
    .execute({ userId: callerUserId(ctx) ?? 0 });
  return row ?? zeroCounts;
};

/** A list narrowed by status, inbox, team and assignee alone is counted from the maintained counters. */
const countedByCounters = (shape: ListShape) =>
  !shape.q && !shape.labels && !shape.source && !shape.conversationType && !shape.updatedWithin;

const counterTotal = (condition: SQL) => sql<number>`coalesce(sum(${conversationCounters.conversationsCount}) filter (where ${condition}), 0)`.mapWith(Number);

/** The four counts from conversation_counters (one row per account, status, inbox, team and assignee), for the shape. */
const counterStatement = builtPerShape(shapeKey, (db, list: ListShape) => {
  const c = conversationCounters;
  return db
    .select({
      mine_count: counterTotal(list.user ? eq(c.assigneeId, p("userId")) : sql`false`),
      assigned_count: counterTotal(sql`${c.assigneeId} <> 0`),
      unassigned_count: counterTotal(eq(c.assigneeId, 0)),
      all_count: counterTotal(sql`true`),
    })
    .from(c)
    .where(
      and(
        eq(c.accountId, p("accountId")),
        list.status ? eq(c.status, p("status")) : undefined,
        list.inbox ? eq(c.inboxId, p("inboxId")) : undefined,
        list.team ? eq(c.teamId, p("teamId")) : undefined,
        list.assignee ? eq(c.assigneeId, p("assigneeId")) : undefined,
        list.member ? memberInboxIds(db, c.inboxId, { accountId: p("accountId"), userId: p("userId") }) : undefined,
      ),
    )
    .prepare("conversation_counter_counts");
});

const listCounts = async (db: DbOrTx, { shape, values }: ListRequest): Promise<ConversationCounts> => {
  const [row] = await (countedByCounters(shape) ? counterStatement(db, shape) : countStatement(db, shape)).execute(values);
  return row ?? zeroCounts;
};

/** One page in the chosen order, with the four counts. */
const pageConversations = async (ctx: AccountCtx, query: ListQuery, mode: "api" | "inbox"): Promise<ConversationPage> => {
  const request = listRequest(ctx, query, mode);
  const perPage = conversationsPerPage();
  const paged = query.updated_within === undefined;
  const counts = later(listCounts(ctx.db, request));
  const rows = await pageStatement(ctx.db, { list: request.shape, assigneeType: query.assignee_type, sortBy: query.sort_by }).execute({
    ...request.values,
    limit: paged ? perPage : unpagedLimit,
    offset: paged ? (query.page - 1) * perPage : 0,
  });
  return { counts, rows, page: query.page };
};

/** GET conversations (and search): one page in the chosen order, with the four counts. */
export const listConversations = (ctx: AccountCtx, query: ConversationListQuery): Promise<ConversationPage> => pageConversations(ctx, query, "api");

/**
 * The portal's inbox: the API's list filters and one assignee, all combined, with a search over
 * messages and contacts (see listRequest).
 */
export const listInboxConversations = (ctx: AccountCtx, query: InboxConversationQuery): Promise<ConversationPage> =>
  pageConversations(ctx, query, "inbox");

export type MatchedMessage = { conversationId: number; id: number; content: string; private: boolean; createdAt: Date };

/**
 * For a page of search results: each conversation's latest message containing `q` (none for
 * one found by its contact), in one query whatever the page size.
 */
export const searchMatches = async (ctx: AccountCtx, rows: ConversationRow[], q: string): Promise<MatchedMessage[]> => {
  if (rows.length === 0) return [];
  const found = await ctx.db
    .selectDistinctOn([messages.conversationId], {
      conversationId: messages.conversationId,
      id: messages.id,
      content: messages.content,
      private: messages.private,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(saidMatches(ctx.account.id, containing(q)), anyOf(messages.conversationId, rows.map((row) => row.id))))
    .orderBy(messages.conversationId, desc(messages.id));
  return found.map((row) => Object.assign(row, { content: row.content ?? "" }));
};

/** GET conversations/meta: the counts alone. */
export const conversationCounts = (ctx: AccountCtx, query: ConversationListQuery) => listCounts(ctx.db, listRequest(ctx, query, "api"));

const additional = (key: string) => sql`(${conversations.additionalAttributes} ->> ${key})`;
const enumValues = (names: readonly string[]) => Object.fromEntries(names.map((name, index) => [name, index]));

/** Chatwoot's conversation filter keys (lib/filters/filter_keys.yml). */
const conversationFields: FilterFields = {
  status: { column: conversations.status, type: "enum", values: enumValues(conversationStatuses) },
  priority: { column: conversations.priority, type: "enum", values: enumValues(conversationPriorities) },
  assignee_id: { column: conversations.assigneeId, type: "number" },
  inbox_id: { column: conversations.inboxId, type: "number" },
  team_id: { column: conversations.teamId, type: "number" },
  display_id: { column: conversations.displayId, type: "number" },
  campaign_id: { column: conversations.campaignId, type: "number" },
  labels: { column: conversations.labels, type: "labels" },
  browser_language: { column: additional("browser_language"), type: "text" },
  conversation_language: { column: additional("conversation_language"), type: "text" },
  country_code: { column: additional("country_code"), type: "text" },
  referer: { column: additional("referer"), type: "text" },
  mail_subject: { column: additional("mail_subject"), type: "text" },
  created_at: { column: conversations.createdAt, type: "date" },
  last_activity_at: { column: conversations.lastActivityAt, type: "date" },
};

/** POST conversations/filter: the conditions, newest activity first, 25 a page, with the counts. */
export const filterConversations = async (ctx: AccountCtx, conditions: FilterCondition[], page: number): Promise<ConversationPage> => {
  const condition = buildFilter(conditions, conversationFields, { column: conversations.customAttributes, keys: await customAttributeKeys(ctx, "conversation_attribute") });
  const where = and(eq(conversations.accountId, ctx.account.id), visibleConversations(ctx), condition);
  const perPage = conversationsPerPage();
  const counts = later(countConversations(ctx, where));
  const rows = await plainRows(
    ctx.db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
      .limit(perPage)
      .offset((page - 1) * perPage)
      .prepare("conversation_filter_page"),
  ).execute();
  return { counts, rows, page };
};

/** GET contacts/{id}/conversations: the contact's 20 most recently active conversations. */
export const contactConversations = async (ctx: AccountCtx, contactId: number) => {
  const [contact] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, ctx.account.id), eq(contacts.id, contactId)));
  if (!contact) throw notFound("Contact");
  return ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, ctx.account.id), visibleConversations(ctx), eq(conversations.contactId, contact.id)))
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
    .limit(20);
};

/** GET conversations/search: the list with `q` (every status, every assignee). */
export const searchConversations = (ctx: AccountCtx, query: { q?: string; page: number }) =>
  listConversations(ctx, { assignee_type: "all", status: "open", sort_by: "last_activity_at_desc", q: query.q, page: query.page });
