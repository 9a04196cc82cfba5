"use server";

import { ZId } from "@/lib/http/schemas";
import { conversationStory } from "@/lib/planning/customer-story";
import { portalAction } from "@/lib/portal/action";
import { canPlan } from "@/lib/portal/loaders/spaces";

/**
 * The customer's story beside a conversation, for the side panel's react-query (unwrapped there
 * with `orThrow`): her events, quotes and bookings, with the events started in the conversation,
 * and whether the agent may start another from it.
 */
export const conversationStoryAction = portalAction({
  name: "conversation customer story",
  read: true,
  args: [ZId],
  ids: 1,
  run: async (ctx, displayId) => ({ story: await conversationStory(ctx, displayId), can_plan: canPlan(ctx) }),
});
