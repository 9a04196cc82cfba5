"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConversationActionResult } from "@/lib/portal/actions/conversations";
import { queryKeys, useInbox } from "./inbox-context";

/**
 * Runs one of the conversation's server actions; a refusal becomes the mutation's error (shown
 * beside the control), and afterwards the conversation, its messages and the lists refetch.
 */
export const useConversationAction = <V>(displayId: number, action: (variables: V) => Promise<ConversationActionResult>) => {
  const { accountId } = useInbox();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      const result = await action(variables);
      if (!result.ok) throw new Error(result.message);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.conversation(accountId, displayId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages(accountId, displayId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lists(accountId) }),
        queryClient.invalidateQueries({ queryKey: ["contact", accountId] }),
      ]),
  });
};
