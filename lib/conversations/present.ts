import { and, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import { union } from "drizzle-orm/pg-core";
import { anyOfPlaceholder, arrayLiteral } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { builtOnce } from "@/db/prepared";
import { plainRows } from "@/db/rows";
import {
  accountUsers,
  agentBots,
  contactInboxes,
  contacts,
  conversationPriorities,
  conversationStatuses,
  conversations,
  inboxes,
  messages,
  teamMembers,
  teams,
  users,
} from "@/db/schema";
import { agentColumns, presentAgent, type AgentRow } from "@/lib/agents/agents";
import { presentContactSummary } from "@/lib/contacts/present";
import { unixTime } from "@/lib/http/schemas";
import { loadMessageExtras, presentPushMessage } from "@/lib/messages/present";

export type ConversationRow = typeof conversations.$inferSelect;
type Team = typeof teams.$inferSelect;
type Bot = { id: number; name: string; description: string | null; thumbnail: string | null };

export const statusName = (status: number) => conversationStatuses[status] ?? "open";
export const priorityName = (priority: number | null) => (priority === null ? null : (conversationPriorities[priority] ?? null));

/** Chatwoot's `agent_bot_slim` partial: an agent bot as an assignee. */
export const presentAgentBotSlim = (bot: Bot) => ({ id: bot.id, name: bot.name, description: bot.description, thumbnail: bot.thumbnail });

/** Chatwoot's team partial; `is_member` is about the caller. */
export const presentConversationTeam = (team: Team, isMember: boolean) => ({
  id: team.id,
  name: team.name,
  description: team.description,
  allow_auto_assign: team.allowAutoAssign,
  account_id: team.accountId,
  is_member: isMember,
});

const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * The last message and the last non-activity message of each conversation, in one query, each
 * with its conversation's unread count: incoming messages since the agent last looked, a
 * correlated count that walks the (conversation_id, id) index. A conversation without messages
 * has none unread. Drizzle leaves columns in a one-table select unqualified, so the subqueries
 * name their own outright.
 */
const lastMessages = builtOnce((db) => {
  const c = sql`${conversations}`;
  const last = (condition: SQL) =>
    db
      .select({ id: sql<number>`(select max(m.id) from ${messages} m where m.conversation_id = ${c}.id and ${condition})`.as("id") })
      .from(conversations)
      .where(anyOfPlaceholder(conversations.id, "ids"));
  return plainRows(
    db
      .select({
        ...getTableColumns(messages),
        unreadCount: sql<number>`(select count(*) from ${conversations} uc join ${messages} u on u.conversation_id = uc.id where uc.id = ${messages}.conversation_id and u.message_type = 0 and (uc.agent_last_seen_at is null or u.created_at > uc.agent_last_seen_at))`.mapWith(
          Number,
        ),
      })
      .from(messages)
      .where(inArray(messages.id, union(last(sql`true`), last(sql`m.message_type <> 2`))))
      .prepare("conversation_last_messages"),
  );
});

/** What a page of conversations shows beside its own columns, each query built once. */
const relatedQueries = builtOnce((db) => ({
  contacts: plainRows(
    db.select().from(contacts).where(anyOfPlaceholder(contacts.id, "ids")).prepare("conversation_contacts"),
  ),
  inboxes: plainRows(
    db.select({ id: inboxes.id, channelType: inboxes.channelType }).from(inboxes).where(anyOfPlaceholder(inboxes.id, "ids")).prepare("conversation_inboxes"),
  ),
  contactInboxes: plainRows(
    db
    .select({ id: contactInboxes.id, sourceId: contactInboxes.sourceId, hmacVerified: contactInboxes.hmacVerified })
    .from(contactInboxes)
    .where(anyOfPlaceholder(contactInboxes.id, "ids"))
    .prepare("conversation_contact_inboxes"),
  ),
  agents: plainRows(
    db
    .select(agentColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(anyOfPlaceholder(accountUsers.accountId, "accountIds"), anyOfPlaceholder(accountUsers.userId, "ids")))
    .prepare("conversation_agents"),
  ),
  bots: plainRows(
    db
    .select({ id: agentBots.id, name: agentBots.name, description: agentBots.description, thumbnail: agentBots.thumbnail })
    .from(agentBots)
    .where(anyOfPlaceholder(agentBots.id, "ids"))
    .prepare("conversation_bots"),
  ),
  teams: plainRows(
    db
    .select({
      team: teams,
      isMember: sql<boolean>`exists (select 1 from ${teamMembers} tm where tm.team_id = ${teams}.id and tm.user_id = ${sql.placeholder("userId")})`,
    })
    .from(teams)
    .where(anyOfPlaceholder(teams.id, "ids"))
    .prepare("conversation_teams"),
  ),
}));

const loadRelated = async (db: DbOrTx, rows: ConversationRow[], userId: number | null) => {
  const ids = arrayLiteral(rows.map((row) => row.id));
  const accountIds = unique(rows.map((row) => row.accountId));
  const assigneeIds = unique(rows.map((row) => row.assigneeId));
  const botIds = unique(rows.map((row) => row.assigneeAgentBotId));
  const teamIds = unique(rows.map((row) => row.teamId));
  const contactInboxIds = unique(rows.map((row) => row.contactInboxId));
  const queries = relatedQueries(db);
  const [contactRows, inboxRows, contactInboxRows, agentRows, botRows, teamRows, messageRows] = await Promise.all([
    queries.contacts.execute({ ids: arrayLiteral(unique(rows.map((row) => row.contactId))) }),
    queries.inboxes.execute({ ids: arrayLiteral(unique(rows.map((row) => row.inboxId))) }),
    contactInboxIds.length ? queries.contactInboxes.execute({ ids: arrayLiteral(contactInboxIds) }) : [],
    assigneeIds.length ? queries.agents.execute({ accountIds: arrayLiteral(accountIds), ids: arrayLiteral(assigneeIds) }) : [],
    botIds.length ? queries.bots.execute({ ids: arrayLiteral(botIds) }) : [],
    // No caller (a webhook's payload): a member of no team.
    teamIds.length ? queries.teams.execute({ ids: arrayLiteral(teamIds), userId }) : [],
    lastMessages(db).execute({ ids }),
  ]);
  const last = new Map<number, { lastId?: number; lastNonActivityId?: number }>();
  const unread = new Map<number, number>();
  for (const message of messageRows) {
    unread.set(message.conversationId, message.unreadCount);
    const entry = last.get(message.conversationId) ?? {};
    if (!entry.lastId || message.id > entry.lastId) entry.lastId = message.id;
    if (message.messageType !== 2 && (!entry.lastNonActivityId || message.id > entry.lastNonActivityId)) entry.lastNonActivityId = message.id;
    last.set(message.conversationId, entry);
  }
  const contactsById = new Map(contactRows.map((c) => [c.id, c]));
  return {
    contacts: contactsById,
    channels: new Map(inboxRows.map((i) => [i.id, i.channelType])),
    contactInboxes: new Map(contactInboxRows.map((ci) => [ci.id, ci])),
    agents: new Map<string, AgentRow>(agentRows.map((a) => [`${a.accountId}:${a.userId}`, a])),
    bots: new Map(botRows.map((b) => [b.id, b])),
    teams: new Map(teamRows.map((t) => [t.team.id, t])),
    unread,
    last,
    messages: new Map(messageRows.map((m) => [m.id, m])),
    // Most senders are the page's own contacts, already loaded.
    extras: await loadMessageExtras(db, messageRows, { knownContacts: contactsById }),
  };
};

type Related = Awaited<ReturnType<typeof loadRelated>>;

const presentAssignee = (row: ConversationRow, related: Related) => {
  if (row.assigneeAgentBotId !== null) {
    const bot = related.bots.get(row.assigneeAgentBotId);
    if (bot) return { assignee: presentAgentBotSlim(bot), assignee_type: "AgentBot" as const };
  }
  // An assignee who has since left the account is shown as no assignee, as Chatwoot does.
  const agent = row.assigneeId !== null ? related.agents.get(`${row.accountId}:${row.assigneeId}`) : undefined;
  if (agent) return { assignee: presentAgent(agent), assignee_type: "User" as const };
  return { assignee: null, assignee_type: null };
};

const presentOne = (row: ConversationRow, related: Related) => {
  const contact = related.contacts.get(row.contactId)!;
  const contactInbox = row.contactInboxId !== null ? related.contactInboxes.get(row.contactInboxId) : undefined;
  const stats = related.last.get(row.id);
  const unreadCount = related.unread.get(row.id) ?? 0;
  const team = row.teamId !== null ? related.teams.get(row.teamId) : undefined;
  const push = (id: number | null | undefined) => {
    const message = id ? related.messages.get(id) : undefined;
    return message
      ? presentPushMessage(message, related.extras, {
          displayId: row.displayId,
          assigneeId: row.assigneeId,
          unreadCount,
          lastActivityAt: row.lastActivityAt,
          sourceId: contactInbox?.sourceId ?? null,
        })
      : null;
  };
  const last = push(stats?.lastId);
  // Most often the last message is also the last one that is not an activity: presented once.
  const lastNonActivity = stats?.lastNonActivityId === stats?.lastId ? last : push(stats?.lastNonActivityId);
  // Chatwoot renders these with `.to_i`: never set is 0, not null.
  const seconds = (date: Date | null) => unixTime(date) ?? 0;
  return {
    id: row.displayId,
    account_id: row.accountId,
    uuid: row.uuid,
    inbox_id: row.inboxId,
    messages: last ? [last] : [],
    additional_attributes: row.additionalAttributes,
    custom_attributes: row.customAttributes,
    agent_last_seen_at: seconds(row.agentLastSeenAt),
    assignee_last_seen_at: seconds(row.assigneeLastSeenAt),
    contact_last_seen_at: seconds(row.contactLastSeenAt),
    first_reply_created_at: seconds(row.firstReplyCreatedAt),
    waiting_since: seconds(row.waitingSince),
    timestamp: unixTime(row.lastActivityAt)!,
    last_activity_at: unixTime(row.lastActivityAt)!,
    created_at: unixTime(row.createdAt)!,
    updated_at: row.updatedAt.getTime() / 1000,
    can_reply: true,
    labels: row.labels,
    muted: row.muted,
    snoozed_until: unixTime(row.snoozedUntil),
    status: statusName(row.status),
    priority: priorityName(row.priority),
    unread_count: unreadCount,
    last_non_activity_message: lastNonActivity,
    sla_policy_id: null,
    meta: {
      sender: presentContactSummary(contact),
      channel: related.channels.get(row.inboxId) ?? null,
      ...presentAssignee(row, related),
      team: team ? presentConversationTeam(team.team, team.isMember) : null,
      hmac_verified: contactInbox?.hmacVerified ?? false,
    },
  };
};

export type ConversationJson = ReturnType<typeof presentOne>;

/**
 * Chatwoot's conversation JSON for a page of rows. Everything related (contacts, inboxes,
 * assignees, teams, last messages with their senders, unread counts) is loaded in a fixed
 * number of queries, however many rows there are. `userId` decides each team's `is_member`.
 */
export const presentConversations = async (
  db: DbOrTx,
  rows: ConversationRow[],
  options: { userId?: number | null } = {},
): Promise<ConversationJson[]> => {
  if (rows.length === 0) return [];
  const related = await loadRelated(db, rows, options.userId ?? null);
  return rows.map((row) => presentOne(row, related));
};

export const presentConversation = async (db: DbOrTx, row: ConversationRow, options: { userId?: number | null } = {}) =>
  (await presentConversations(db, [row], options))[0]!;

type Page = {
  counts: Promise<{ mine_count: number; assigned_count: number; unassigned_count: number; all_count: number }>;
  rows: ConversationRow[];
  page: number;
};

/** GET conversations and search: Chatwoot's four counts, plus the page number. */
export const presentConversationPage = async (db: DbOrTx, result: Page, options: { userId?: number | null } = {}) => {
  const [payload, counts] = await Promise.all([presentConversations(db, result.rows, options), result.counts]);
  return { data: { meta: { ...counts, current_page: result.page }, payload } };
};

/** POST conversations/filter: no `data` wrapper and no assigned count, as Chatwoot answers. */
export const presentConversationFilterPage = async (db: DbOrTx, result: Page, options: { userId?: number | null } = {}) => {
  const [payload, counts] = await Promise.all([presentConversations(db, result.rows, options), result.counts]);
  return {
    meta: { mine_count: counts.mine_count, unassigned_count: counts.unassigned_count, all_count: counts.all_count, current_page: result.page },
    payload,
  };
};

/** toggle_status: Chatwoot's `{meta: {}, payload: {…}}`. */
export const presentToggleStatus = (row: ConversationRow) => ({
  meta: {},
  payload: {
    success: true,
    conversation_id: row.displayId,
    current_status: statusName(row.status),
    snoozed_until: unixTime(row.snoozedUntil),
  },
});
