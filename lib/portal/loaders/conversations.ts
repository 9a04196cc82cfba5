import { listAgents, presentAgent } from "@/lib/agents/agents";
import type { AccountCtx } from "@/lib/auth/caller";
import { listCannedResponses } from "@/lib/canned-responses/canned-responses";
import { presentCannedResponse } from "@/lib/canned-responses/present";
import { contactLabels, showContact } from "@/lib/contacts/contacts";
import { presentContact } from "@/lib/contacts/present";
import { callerUserId, findConversation } from "@/lib/conversations/conversations";
import { defaultInboxFilters, type InboxListFilters } from "@/lib/conversations/inbox-filters";
import { contactConversations, listInboxConversations, searchMatches } from "@/lib/conversations/list-conversations";
import { presentConversation, presentConversationPage, presentConversations } from "@/lib/conversations/present";
import { ZInboxConversationQuery } from "@/lib/conversations/schemas";
import { excerptAround } from "@/lib/conversations/search-text";
import { ZId, unixTime } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { listInboxes } from "@/lib/inboxes/inboxes";
import { listLabels } from "@/lib/labels/labels";
import { presentLabel } from "@/lib/labels/present";
import { listMessages } from "@/lib/messages/messages";
import { presentMessageList } from "@/lib/messages/present";
import { ZMessageListQuery } from "@/lib/messages/schemas";
import { listTeams } from "@/lib/teams/teams";
import { presentTeam } from "@/lib/teams/present";
import { portalLoader } from "@/lib/portal/loader";

/**
 * What the inbox pages read, as the API presents it. Server components call these with their
 * page context; the client polls them through the actions in actions/conversation-reads.ts.
 */

const assigneeType = { mine: "me", unassigned: "unassigned", all: "all" } as const;

/**
 * One page of the inbox's view, newest activity first, with the counts of every tab under the
 * same filters. A search also answers, for each conversation found by what was said, an excerpt
 * of the latest message that matched.
 */
export const conversationListPage = async (ctx: AccountCtx, filters: InboxListFilters) => {
  const query = parseInput(ZInboxConversationQuery, {
    assignee_type: assigneeType[filters.tab],
    status: filters.status,
    q: filters.q,
    inbox_id: filters.inbox_id,
    team_id: filters.team_id,
    labels: filters.label,
    assignee_id: filters.assignee,
    page: filters.page,
    sort_by: "last_activity_at_desc",
  });
  const q = query.q ?? "";
  const page = await listInboxConversations(ctx, query);
  const [presented, found] = await Promise.all([
    presentConversationPage(ctx.db, page, { userId: callerUserId(ctx) }),
    q ? searchMatches(ctx, page.rows, q) : [],
  ]);
  const displayIds = new Map(page.rows.map((row) => [row.id, row.displayId]));
  const matches = found.map((message) => ({
    conversation_id: displayIds.get(message.conversationId)!,
    message_id: message.id,
    excerpt: excerptAround(message.content, q),
    private: message.private,
    created_at: unixTime(message.createdAt)!,
  }));
  return { ...presented.data, matches };
};
export type ConversationListPage = Awaited<ReturnType<typeof conversationListPage>>;

export const conversationDetails = async (ctx: AccountCtx, displayId: number) =>
  presentConversation(ctx.db, await findConversation(ctx, displayId), { userId: callerUserId(ctx) });
export type ConversationDetails = Awaited<ReturnType<typeof conversationDetails>>;

/** The latest messages, or with `before` the ones just older than that message id; oldest first. */
export const conversationMessages = async (ctx: AccountCtx, displayId: number, before?: number) => {
  const { conversation, rows } = await listMessages(ctx, displayId, parseInput(ZMessageListQuery, { before }));
  return presentMessageList(ctx.db, conversation, rows);
};
export type ConversationMessagePage = Awaited<ReturnType<typeof conversationMessages>>;
export type ConversationMessage = ConversationMessagePage["payload"][number];

/** The conversation by display id, or the 404 page: what its layout checks before the loading skeleton streams. */
export const loadConversation = portalLoader({ ids: [ZId], load: (ctx, displayId) => findConversation(ctx, displayId) });

/** The open conversation's page: its details and latest messages, or the 404 page. */
export const loadConversationPage = portalLoader({
  ids: [ZId],
  load: async (ctx, displayId) => {
    const [conversation, messages] = await Promise.all([conversationDetails(ctx, displayId), conversationMessages(ctx, displayId)]);
    return { conversation, messages };
  },
});

/** The contact beside a conversation: details, labels and their recent conversations. */
export const contactDetails = async (ctx: AccountCtx, contactId: number) => {
  const [contact, labels, conversations] = await Promise.all([
    showContact(ctx, contactId),
    contactLabels(ctx, contactId),
    contactConversations(ctx, contactId),
  ]);
  return {
    contact: presentContact(contact),
    labels,
    conversations: await presentConversations(ctx.db, conversations, { userId: callerUserId(ctx) }),
  };
};
export type ContactDetails = Awaited<ReturnType<typeof contactDetails>>;

/**
 * The account's agents, teams, labels, canned responses and inboxes: what the inbox's pickers
 * offer. An inbox's `portal_slug` is its help center, whose articles the composer inserts.
 */
export const inboxLookups = async (ctx: AccountCtx) => {
  const [agents, teams, labels, cannedResponses, inboxes] = await Promise.all([
    listAgents(ctx),
    listTeams(ctx),
    listLabels(ctx),
    listCannedResponses(ctx),
    listInboxes(ctx),
  ]);
  return {
    accountId: ctx.account.id,
    userId: callerUserId(ctx),
    agents: agents.map(presentAgent),
    teams: teams.map(presentTeam),
    labels: labels.map(presentLabel),
    cannedResponses: cannedResponses.map(presentCannedResponse),
    inboxes: inboxes.map((inbox) => ({
      id: inbox.id,
      name: inbox.name,
      channel_type: inbox.channelType,
      help_center: inbox.helpCenter && { slug: inbox.helpCenter.slug, default_locale: inbox.helpCenter.default_locale, locales: inbox.helpCenter.locales },
    })),
  };
};
export type InboxLookups = Awaited<ReturnType<typeof inboxLookups>>;

/**
 * The inbox's layout: the pickers' lookups and the first page of the default view. A layout is
 * not given the URL's query, so a view with filters loads its first page from the browser.
 */
export const loadInbox = portalLoader({
  ids: [],
  load: async (ctx) => {
    const [lookups, page] = await Promise.all([inboxLookups(ctx), conversationListPage(ctx, { ...defaultInboxFilters, page: 1 })]);
    return { lookups, initialList: { filters: defaultInboxFilters, page } };
  },
});
