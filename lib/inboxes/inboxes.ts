import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { mergeJson } from "@/db/json";
import { inboxMembers, inboxes, type ChannelType } from "@/db/schema";
import { findVisibleAgentBot } from "@/lib/agent-bots/agent-bots";
import { refuseThroughOAuth, requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { isAdministrator } from "@/lib/auth/permissions";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import type { ChannelInput, CreateInboxInput, UpdateInboxInput } from "./schemas";
import { inboxColumns, type InboxWithHelpCenter } from "./summary";
import { applyWorkingHours, defaultWorkingHours } from "./working-hours";
import { ensureOutboundUrl } from "@/lib/outbound/check";
import { actorOf } from "@/lib/events/record";
import { recordInboxEvent } from "./events";
import { requireAccountPortalId } from "@/lib/knowledge-base/portals";

/** URL-safe and unguessable: 32 characters. */
const newToken = () => randomBytes(24).toString("base64url");

const channelTypeOf = { api: "Channel::Api", web_widget: "Channel::WebWidget" } as const satisfies Record<string, ChannelType>;

/** The channel settings each type keeps in `channel_config` (webhook_url and hmac_mandatory have columns). */
const configKeys: Record<ChannelType, readonly (keyof ChannelInput)[]> = {
  "Channel::Api": ["additional_attributes"],
  "Channel::WebWidget": [
    "website_url",
    "widget_color",
    "welcome_title",
    "welcome_tagline",
    "reply_time",
    "pre_chat_form_enabled",
    "pre_chat_form_options",
    "continuity_via_email",
    "allowed_domains",
    "selected_feature_flags",
  ],
};

const channelConfig = (type: ChannelType, channel: ChannelInput | undefined) =>
  Object.fromEntries(configKeys[type].flatMap((key) => (channel?.[key] === undefined ? [] : [[key, channel[key]]])));

/** A help center to link: one of the account's own portals (422 otherwise); null unlinks. */
const checkPortal = async (ctx: AccountCtx, portalId: number | null | undefined) => {
  if (portalId != null) await requireAccountPortalId(ctx, portalId, "portal_id");
};

const seesAllInboxes = (ctx: AccountCtx) => ctx.membership !== null && isAdministrator(ctx.membership);

const memberOf = (ctx: AccountCtx) => {
  if (!ctx.membership || ctx.caller.kind !== "user") return undefined;
  return ctx.db
    .select({ inboxId: inboxMembers.inboxId })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.accountId, ctx.account.id), eq(inboxMembers.userId, ctx.caller.user.id)));
};

/**
 * The ids of the inboxes the caller works in, or `"all"`: administrators see every inbox of the
 * account, agents only those they are members of. Other domains scope by this too.
 */
export const visibleInboxIds = async (ctx: AccountCtx): Promise<number[] | "all"> => {
  if (seesAllInboxes(ctx)) return "all";
  const rows = (await memberOf(ctx)) ?? [];
  return rows.map((row) => row.inboxId);
};

export const listInboxes = async (ctx: AccountCtx): Promise<InboxWithHelpCenter[]> => {
  const visible = await visibleInboxIds(ctx);
  if (visible !== "all" && visible.length === 0) return [];
  return ctx.db
    .select(inboxColumns)
    .from(inboxes)
    .where(and(eq(inboxes.accountId, ctx.account.id), visible === "all" ? undefined : anyOf(inboxes.id, visible)))
    .orderBy(asc(inboxes.name), asc(inboxes.id));
};

/** Any inbox of the account, whoever asks (for services that check permissions themselves). */
export const findAccountInbox = async (ctx: AccountCtx, id: number, options: { lock?: boolean } = {}): Promise<InboxWithHelpCenter> => {
  const query = ctx.db
    .select(inboxColumns)
    .from(inboxes)
    .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, id)));
  const [inbox] = await (options.lock ? query.for("update") : query);
  if (!inbox) throw notFound("Inbox");
  return inbox;
};

/** An inbox the caller may see: an agent who is not its member gets the same 404 as for a missing one. */
export const findInbox = async (ctx: AccountCtx, id: number): Promise<InboxWithHelpCenter> => {
  const inbox = await findAccountInbox(ctx, id);
  if (seesAllInboxes(ctx)) return inbox;
  const userId = ctx.caller.kind === "user" ? ctx.caller.user.id : null;
  if (userId === null) throw notFound("Inbox");
  const [member] = await ctx.db
    .select({ id: inboxMembers.id })
    .from(inboxMembers)
    .where(and(eq(inboxMembers.inboxId, inbox.id), eq(inboxMembers.userId, userId)));
  if (!member) throw notFound("Inbox");
  return inbox;
};

export const createInbox = async (ctx: AccountCtx, input: CreateInboxInput): Promise<InboxWithHelpCenter> => {
  requireAdmin(ctx, "agents.manage");
  const type = channelTypeOf[input.channel.type];
  if (type === "Channel::Api") await ensureOutboundUrl("channel.webhook_url", input.channel.webhook_url);
  await checkPortal(ctx, input.portal_id);
  return ctx.db.transaction(async (db) => {
    const [inbox] = await db
      .insert(inboxes)
      .values({
        accountId: ctx.account.id,
        name: input.name,
        channelType: type,
        identifier: newToken(),
        hmacToken: newToken(),
        secret: newToken(),
        hmacMandatory: input.channel.hmac_mandatory ?? false,
        webhookUrl: type === "Channel::Api" ? (input.channel.webhook_url ?? null) : null,
        channelConfig: channelConfig(type, input.channel),
        avatarUrl: input.avatar_url ?? null,
        greetingEnabled: input.greeting_enabled,
        greetingMessage: input.greeting_message ?? null,
        enableEmailCollect: input.enable_email_collect,
        csatSurveyEnabled: input.csat_survey_enabled,
        enableAutoAssignment: input.enable_auto_assignment,
        autoAssignmentConfig: input.auto_assignment_config,
        workingHoursEnabled: input.working_hours_enabled,
        workingHours: input.working_hours ? applyWorkingHours([], input.working_hours) : defaultWorkingHours(),
        outOfOfficeMessage: input.out_of_office_message ?? null,
        timezone: input.timezone,
        allowMessagesAfterResolved: input.allow_messages_after_resolved,
        lockToSingleConversation: input.lock_to_single_conversation,
        senderNameType: input.sender_name_type,
        businessName: input.business_name ?? null,
        portalId: input.portal_id ?? null,
      })
      .returning(inboxColumns);
    await recordInboxEvent(db, inbox!, actorOf(ctx.caller));
    return inbox!;
  });
};

export const updateInbox = async (ctx: AccountCtx, id: number, input: UpdateInboxInput): Promise<InboxWithHelpCenter> => {
  requireAdmin(ctx, "agents.manage");
  await ensureOutboundUrl("channel.webhook_url", input.channel?.webhook_url);
  await checkPortal(ctx, input.portal_id);
  return ctx.db.transaction(async (db) => {
    const current = await findAccountInbox({ ...ctx, db }, id, { lock: true });
    const channel = input.channel;
    const [inbox] = await db
      .update(inboxes)
      .set({
        name: input.name,
        avatarUrl: input.avatar_url,
        greetingEnabled: input.greeting_enabled,
        greetingMessage: input.greeting_message,
        enableEmailCollect: input.enable_email_collect,
        csatSurveyEnabled: input.csat_survey_enabled,
        enableAutoAssignment: input.enable_auto_assignment,
        autoAssignmentConfig: mergeJson(inboxes.autoAssignmentConfig, input.auto_assignment_config),
        workingHoursEnabled: input.working_hours_enabled,
        workingHours: input.working_hours ? applyWorkingHours(current.workingHours, input.working_hours) : undefined,
        outOfOfficeMessage: input.out_of_office_message,
        timezone: input.timezone,
        allowMessagesAfterResolved: input.allow_messages_after_resolved,
        lockToSingleConversation: input.lock_to_single_conversation,
        senderNameType: input.sender_name_type,
        businessName: input.business_name,
        hmacMandatory: channel?.hmac_mandatory,
        webhookUrl: current.channelType === "Channel::Api" ? channel?.webhook_url : undefined,
        channelConfig: mergeJson(inboxes.channelConfig, channelConfig(current.channelType, channel)),
        portalId: input.portal_id,
        updatedAt: new Date(),
      })
      .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, id)))
      .returning(inboxColumns);
    await recordInboxEvent(db, inbox!, actorOf(ctx.caller), current);
    return inbox!;
  });
};

/** Its conversations, messages and contact identities go with it (foreign keys cascade). */
export const deleteInbox = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agents.manage");
  await findAccountInbox(ctx, id);
  await ctx.db.delete(inboxes).where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, id)));
};

export const inboxAgentBot = async (ctx: AccountCtx, id: number) => {
  const inbox = await findInbox(ctx, id);
  if (inbox.agentBotId === null) return null;
  return findVisibleAgentBot(ctx, inbox.agentBotId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  });
};

/** Connects one of the account's bots, or a system bot; null (or nothing) disconnects. */
export const setInboxAgentBot = async (ctx: AccountCtx, id: number, botId: number | null | undefined) => {
  requireAdmin(ctx, "agents.manage");
  await findAccountInbox(ctx, id);
  if (botId != null) {
    await findVisibleAgentBot(ctx, botId).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "not_found") throw fieldError("agent_bot", "does not exist in this account");
      throw error;
    });
  }
  await ctx.db
    .update(inboxes)
    .set({ agentBotId: botId ?? null, updatedAt: new Date() })
    .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, id)));
};

/** Rotates the secret that signs the inbox's webhook deliveries. */
export const resetInboxSecret = async (ctx: AccountCtx, id: number): Promise<InboxWithHelpCenter> => {
  requireAdmin(ctx, "agents.manage");
  refuseThroughOAuth(ctx, "reset an inbox's secret");
  await findAccountInbox(ctx, id);
  const [inbox] = await ctx.db
    .update(inboxes)
    .set({ secret: newToken(), updatedAt: new Date() })
    .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, id)))
    .returning(inboxColumns);
  return inbox!;
};
