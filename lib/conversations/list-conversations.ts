import { and, arrayOverlaps, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { anyOf } from "@/db/any";
import { plainRows } from "@/db/rows";
import {
  attributeDisplayTypes,
  attributeModels,
  contactInboxes,
  contacts,
  conversationCounters,
  conversationPriorities,
  conversationStatuses,
  conversations,
  customAttributeDefinitions,
  messages,
} from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { buildFilter, type FilterCondition, type FilterFields } from "@/lib/filters/engine";
import { notFound } from "@/lib/http/errors";
import { callerUserId, statusValue } from "./conversations";
import type { ConversationRow } from "./present";
import type { AssigneeType, ConversationListQuery, ConversationSort, InboxConversationQuery } from "./schemas";
import { visibleConversations, visibleInboxIds } from "./visibility";

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

/**
 * Conversations with a message whose content contains `q` (the trigram index serves the
 * ILIKE). Subqueries name their columns outright: drizzle leaves one-table columns unqualified.
 */
const contentMatches = (ctx: AccountCtx, q: string) =>
  sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations}.id and m.account_id = ${ctx.account.id} and m.content ilike ${`%${escapeLike(q)}%`})`;

/** Exactly the expression contacts_search_idx (trigram GIN) covers, so ILIKE can use the index. */
const contactSearchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.email}, '') || ' ' || coalesce(${contacts.phoneNumber}, '') || ' ' || coalesce(${contacts.identifier}, ''))`;

/** What was said, not what happened: activity messages ("Assigned to Sam") are not searched. */
const saidMatches = (ctx: AccountCtx, q: string) =>
  and(eq(messages.accountId, ctx.account.id), ne(messages.messageType, 2), ilike(messages.content, `%${escapeLike(q)}%`));

/**
 * The portal inbox's search: conversations with a message containing `q`, or whose contact's
 * name, email, phone number or identifier contains it. Each side is served by its trigram index
 * and the two are joined once (an OR of EXISTS would run a subquery per conversation).
 */
const inboxSearchMatches = (ctx: AccountCtx, q: string) =>
  inArray(
    conversations.id,
    unionAll(
      ctx.db.select({ id: messages.conversationId }).from(messages).where(saidMatches(ctx, q)),
      ctx.db
        .select({ id: conversations.id })
        .from(conversations)
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(and(eq(contacts.accountId, ctx.account.id), sql`${contactSearchText} ilike ${`%${escapeLike(q)}%`}`)),
    ),
  );

const isMine = (ctx: AccountCtx): SQL => {
  const userId = callerUserId(ctx);
  return userId === null ? sql`false` : eq(conversations.assigneeId, userId);
};

const assigneeCondition = (ctx: AccountCtx, type: AssigneeType): SQL | undefined => {
  if (type === "me") return isMine(ctx);
  if (type === "assigned") return isNotNull(conversations.assigneeId);
  if (type === "unassigned") return isNull(conversations.assigneeId);
  return undefined;
};

/** Chatwoot's `unattended`: no human reply yet, or a customer waiting for one (the list's filter, reports' counts). */
export const isUnattended: SQL = or(isNull(conversations.firstReplyCreatedAt), isNotNull(conversations.waitingSince))!;

/** Chatwoot's conversation_type: mentions are `mention://user/<id>/` links in private notes. */
const conversationTypeCondition = (ctx: AccountCtx, type: NonNullable<ConversationListQuery["conversation_type"]>): SQL => {
  if (type === "unattended") return isUnattended;
  const userId = callerUserId(ctx) ?? 0;
  const mentioned = sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations}.id and m.private and m.content like ${`%mention://user/${userId}/%`})`;
  if (type === "mention") return mentioned;
  const replied = sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations}.id and m.sender_type = 'User' and m.sender_id = ${userId})`;
  return or(eq(conversations.assigneeId, userId), replied, mentioned)!;
};

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

/** The four counts over the same filters, in one pass. */
const countConversations = async (ctx: AccountCtx, where: SQL | undefined): Promise<ConversationCounts> => {
  const [row] = await ctx.db
    .select({
      mine_count: sql<number>`count(*) filter (where ${isMine(ctx)})`.mapWith(Number),
      assigned_count: sql<number>`count(*) filter (where ${conversations.assigneeId} is not null)`.mapWith(Number),
      unassigned_count: sql<number>`count(*) filter (where ${conversations.assigneeId} is null)`.mapWith(Number),
      all_count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(conversations)
    .where(where);
  return row ?? zeroCounts;
};

/** A list narrowed by status, inbox and team alone is counted from the maintained counters. */
const countedByCounters = (query: ConversationListQuery) =>
  !query.q && !query.labels?.length && query.source_id === undefined && !query.conversation_type && query.updated_within === undefined;

const countFromCounters = async (ctx: AccountCtx, query: ListQuery): Promise<ConversationCounts> => {
  const c = conversationCounters;
  const userId = callerUserId(ctx);
  const assigneeId = assigneeIdOf(query);
  const total = (condition: SQL) => sql<number>`coalesce(sum(${c.conversationsCount}) filter (where ${condition}), 0)`.mapWith(Number);
  const [row] = await ctx.db
    .select({
      mine_count: total(userId === null ? sql`false` : eq(c.assigneeId, userId)),
      assigned_count: total(sql`${c.assigneeId} <> 0`),
      unassigned_count: total(eq(c.assigneeId, 0)),
      all_count: total(sql`true`),
    })
    .from(c)
    .where(
      and(
        eq(c.accountId, ctx.account.id),
        query.status === "all" ? undefined : eq(c.status, statusValue(query.status)),
        query.inbox_id === undefined ? undefined : eq(c.inboxId, query.inbox_id),
        query.team_id === undefined ? undefined : eq(c.teamId, query.team_id),
        assigneeId === undefined ? undefined : eq(c.assigneeId, assigneeId),
        visibleInboxIds(ctx, c.inboxId),
      ),
    );
  return row ?? zeroCounts;
};

const listCounts = (ctx: AccountCtx, query: ListQuery, where: SQL | undefined) =>
  countedByCounters(query) ? countFromCounters(ctx, query) : countConversations(ctx, where);

/**
 * Every list filter except the assignee type (the counts are taken across assignee types). The
 * API's list searches message content in every status, as Chatwoot's does; the portal's inbox
 * searches contacts too, keeps its status filter, and may narrow to one assignee.
 */
const listConditions = (ctx: AccountCtx, query: ListQuery, mode: "api" | "inbox"): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [eq(conversations.accountId, ctx.account.id), visibleConversations(ctx)];
  if ((!query.q || mode === "inbox") && query.status !== "all") conditions.push(eq(conversations.status, statusValue(query.status)));
  if (query.q) conditions.push(mode === "inbox" ? inboxSearchMatches(ctx, query.q) : contentMatches(ctx, query.q));
  const assigneeId = assigneeIdOf(query);
  if (assigneeId !== undefined) conditions.push(eq(conversations.assigneeId, assigneeId));
  if (query.inbox_id !== undefined) conditions.push(eq(conversations.inboxId, query.inbox_id));
  if (query.team_id !== undefined) conditions.push(eq(conversations.teamId, query.team_id));
  const labels = (query.labels ?? []).map((label) => label.toLowerCase()).filter(Boolean);
  if (labels.length > 0) conditions.push(arrayOverlaps(conversations.labels, labels));
  if (query.source_id !== undefined) {
    conditions.push(
      inArray(
        conversations.contactInboxId,
        ctx.db
          .select({ id: contactInboxes.id })
          .from(contactInboxes)
          .where(and(eq(contactInboxes.accountId, ctx.account.id), eq(contactInboxes.sourceId, query.source_id))),
      ),
    );
  }
  if (query.conversation_type) conditions.push(conversationTypeCondition(ctx, query.conversation_type));
  if (query.updated_within !== undefined) {
    conditions.push(sql`${conversations.updatedAt} > now() - make_interval(secs => ${query.updated_within})`);
  }
  return and(...conditions);
};

/** One page in the chosen order, with the four counts. */
const pageConversations = async (ctx: AccountCtx, query: ListQuery, where: SQL | undefined): Promise<ConversationPage> => {
  const perPage = conversationsPerPage();
  const paged = query.updated_within === undefined;
  const counts = later(listCounts(ctx, query, where));
  const rows = await plainRows(
    ctx.db
      .select()
      .from(conversations)
      .where(and(where, assigneeCondition(ctx, query.assignee_type)))
      .orderBy(...orderings[query.sort_by])
      .limit(paged ? perPage : unpagedLimit)
      .offset(paged ? (query.page - 1) * perPage : 0)
      .prepare("conversation_page"),
  ).execute();
  return { counts, rows, page: query.page };
};

/** GET conversations (and search): one page in the chosen order, with the four counts. */
export const listConversations = (ctx: AccountCtx, query: ConversationListQuery): Promise<ConversationPage> =>
  pageConversations(ctx, query, listConditions(ctx, query, "api"));

/**
 * The portal's inbox: the API's list filters and one assignee, all combined, with a search over
 * messages and contacts (see listConditions).
 */
export const listInboxConversations = (ctx: AccountCtx, query: InboxConversationQuery): Promise<ConversationPage> =>
  pageConversations(ctx, query, listConditions(ctx, query, "inbox"));

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
    .where(and(saidMatches(ctx, q), anyOf(messages.conversationId, rows.map((row) => row.id))))
    .orderBy(messages.conversationId, desc(messages.id));
  return found.map((row) => Object.assign(row, { content: row.content ?? "" }));
};

/** GET conversations/meta: the counts alone. */
export const conversationCounts = (ctx: AccountCtx, query: ConversationListQuery) => listCounts(ctx, query, listConditions(ctx, query, "api"));

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

const conversationModel = attributeModels.indexOf("conversation_attribute");

const customAttributeKeys = async (ctx: AccountCtx) => {
  const definitions = await ctx.db
    .select({ key: customAttributeDefinitions.attributeKey, type: customAttributeDefinitions.attributeDisplayType })
    .from(customAttributeDefinitions)
    .where(and(eq(customAttributeDefinitions.accountId, ctx.account.id), eq(customAttributeDefinitions.attributeModel, conversationModel)));
  return new Map(definitions.map((d) => [d.key, attributeDisplayTypes[d.type] ?? "text"]));
};

/** POST conversations/filter: the conditions, newest activity first, 25 a page, with the counts. */
export const filterConversations = async (ctx: AccountCtx, conditions: FilterCondition[], page: number): Promise<ConversationPage> => {
  const condition = buildFilter(conditions, conversationFields, { column: conversations.customAttributes, keys: await customAttributeKeys(ctx) });
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
