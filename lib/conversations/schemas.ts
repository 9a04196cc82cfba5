import { z } from "zod";
import { ZContactSummary } from "@/lib/contacts/schemas";
import { conversationPriorities, conversationStatuses } from "@/db/schema";
import { ZAgent } from "@/lib/agents/schemas";
import { ZBodyId, ZBool, ZId, ZObject, ZTimeInput } from "@/lib/http/schemas";
import { ZPushMessage } from "@/lib/messages/schemas";

/** Query strings send `inbox_id=` for "any": an empty value means absent. */
const optionalQuery = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const ZConversationParams = z.object({ account_id: ZId, conversation_id: ZId });

export const conversationSorts = [
  "last_activity_at_desc",
  "last_activity_at_asc",
  "created_at_asc",
  "created_at_desc",
  "priority_asc",
  "priority_desc",
  "priority_desc_created_at_asc",
  "waiting_since_asc",
  "waiting_since_desc",
] as const;
export type ConversationSort = (typeof conversationSorts)[number];

export const assigneeTypes = ["me", "unassigned", "assigned", "all"] as const;
export type AssigneeType = (typeof assigneeTypes)[number];

const ZPage = optionalQuery(z.coerce.number().int().min(1).max(1_000_000)).transform((v) => v ?? 1);

export const ZConversationListQuery = z.object({
  assignee_type: optionalQuery(z.enum(assigneeTypes)).transform((v) => v ?? "all"),
  status: optionalQuery(z.enum([...conversationStatuses, "all"])).transform((v) => v ?? "open"),
  q: optionalQuery(z.string().trim().max(200)),
  inbox_id: optionalQuery(ZId),
  team_id: optionalQuery(ZId),
  labels: optionalQuery(
    z.union([z.array(z.string().trim().max(255)), z.string().trim().max(255)]).transform((v) => (Array.isArray(v) ? v : [v])),
  ),
  page: ZPage,
  sort_by: optionalQuery(z.enum(conversationSorts)).transform((v) => v ?? "last_activity_at_desc"),
  conversation_type: optionalQuery(z.enum(["mention", "participating", "unattended"])),
  source_id: optionalQuery(z.string().max(255)),
  updated_within: optionalQuery(z.coerce.number().int().positive().max(31_536_000)),
});
export type ConversationListQuery = z.output<typeof ZConversationListQuery>;

/** The portal inbox's list (listInboxConversations): the API's list query, plus one assignee. */
export const ZInboxConversationQuery = ZConversationListQuery.extend({ assignee_id: optionalQuery(ZId) });
export type InboxConversationQuery = z.output<typeof ZInboxConversationQuery>;

export const ZConversationSearchQuery = z.object({ q: optionalQuery(z.string().trim().max(200)), page: ZPage });
export const ZPageQuery = z.object({ page: ZPage });

const ZSourceId = z.union([z.string().trim().min(1).max(255), z.number().int().transform(String)]);

export const ZCreateConversation = z
  .object({
    source_id: ZSourceId.optional(),
    inbox_id: ZBodyId.optional(),
    contact_id: ZBodyId.optional(),
    additional_attributes: ZObject.optional(),
    custom_attributes: ZObject.optional(),
    status: z.enum(conversationStatuses).optional(),
    assignee_id: ZBodyId.nullish(),
    team_id: ZBodyId.nullish(),
    snoozed_until: ZTimeInput.nullish(),
    message: z
      .object({
        content: z.string().trim().min(1, { message: "can't be blank" }).max(150_000),
        template_params: ZObject.optional(),
      })
      .optional(),
  })
  .refine((v) => v.source_id !== undefined || (v.inbox_id !== undefined && v.contact_id !== undefined), {
    message: "is required unless inbox_id and contact_id are given",
    path: ["source_id"],
  })
  .meta({ id: "ConversationCreate" });
export type CreateConversationInput = z.output<typeof ZCreateConversation>;

/** `none` or blank clears the priority. */
export const ZPriorityInput = z
  .union([z.enum([...conversationPriorities, "none"]), z.literal(""), z.null()])
  .transform((v) => (v === "none" || v === "" || v === null ? null : v));

export const ZUpdateConversation = z.object({ priority: ZPriorityInput.optional() }).meta({ id: "ConversationUpdate" });
export type UpdateConversationInput = z.output<typeof ZUpdateConversation>;

export const ZTogglePriority = z.object({ priority: ZPriorityInput.optional() });

export const ZToggleStatus = z
  .object({
    status: z.enum(conversationStatuses).optional(),
    snoozed_until: ZTimeInput.nullish(),
  })
  .meta({ id: "ConversationToggleStatus" });
export type ToggleStatusInput = z.output<typeof ZToggleStatus>;

export const ZToggleTyping = z.object({ typing_status: z.enum(["on", "off", "recording"]).optional(), is_private: ZBool.optional() });
export type ToggleTypingInput = z.output<typeof ZToggleTyping>;

export const ZCustomAttributesInput = z.object({ custom_attributes: ZObject });

export const ZAssignmentInput = z
  .object({
    assignee_id: ZBodyId.nullish(),
    assignee_type: z.enum(["User", "AgentBot"]).optional(),
    team_id: ZBodyId.nullish(),
  })
  .meta({ id: "ConversationAssignment" });
export type AssignmentInput = z.output<typeof ZAssignmentInput>;

export const ZLabelsInput = z.object({ labels: z.array(z.string().trim().min(1, { message: "can't be blank" }).max(255)).max(100) });

// Responses (documentation of what the presenters send).

export const ZAgentBotSlim = z
  .object({ id: z.number().int(), name: z.string(), description: z.string().nullable(), thumbnail: z.string().nullable() })
  .meta({ id: "AgentBotSlim" });

export const ZConversationTeam = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    allow_auto_assign: z.boolean(),
    account_id: z.number().int(),
    is_member: z.boolean(),
  })
  .meta({ id: "ConversationTeam" });

export const ZConversation = z
  .object({
    id: z.number().int().meta({ description: "The per-account display id" }),
    account_id: z.number().int(),
    uuid: z.string(),
    inbox_id: z.number().int(),
    messages: z.array(ZPushMessage),
    additional_attributes: ZObject,
    custom_attributes: ZObject,
    agent_last_seen_at: z.number().int(),
    assignee_last_seen_at: z.number().int(),
    contact_last_seen_at: z.number().int(),
    first_reply_created_at: z.number().int(),
    waiting_since: z.number().int(),
    timestamp: z.number().int(),
    last_activity_at: z.number().int(),
    created_at: z.number().int(),
    updated_at: z.number(),
    can_reply: z.boolean(),
    labels: z.array(z.string()),
    muted: z.boolean(),
    snoozed_until: z.number().int().nullable(),
    status: z.enum(conversationStatuses),
    priority: z.enum(conversationPriorities).nullable(),
    unread_count: z.number().int(),
    last_non_activity_message: ZPushMessage.nullable(),
    sla_policy_id: z.number().int().nullable(),
    meta: z.object({
      sender: ZContactSummary,
      channel: z.string(),
      assignee: z.union([ZAgent, ZAgentBotSlim]).nullable(),
      assignee_type: z.enum(["User", "AgentBot"]).nullable(),
      team: ZConversationTeam.nullable(),
      hmac_verified: z.boolean(),
    }),
  })
  .meta({ id: "Conversation" });

const counts = {
  mine_count: z.number().int(),
  assigned_count: z.number().int(),
  unassigned_count: z.number().int(),
  all_count: z.number().int(),
};

export const ZConversationCounts = z.object(counts).meta({ id: "ConversationCounts" });

export const ZConversationList = z
  .object({
    data: z.object({
      meta: z.object({ ...counts, current_page: z.number().int() }),
      payload: z.array(ZConversation),
    }),
  })
  .meta({ id: "ConversationList" });

export const ZConversationFilterResult = z
  .object({
    meta: z.object({
      mine_count: counts.mine_count,
      unassigned_count: counts.unassigned_count,
      all_count: counts.all_count,
      current_page: z.number().int(),
    }),
    payload: z.array(ZConversation),
  })
  .meta({ id: "ConversationFilterResult" });

export const ZToggleStatusResult = z.object({
  meta: z.object({}),
  payload: z.object({
    success: z.boolean(),
    conversation_id: z.number().int(),
    current_status: z.enum(conversationStatuses),
    snoozed_until: z.number().int().nullable(),
  }),
});

export const ZLabelsResult = z.object({ payload: z.array(z.string()) });
