"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { attempt, orThrow, type Outcome } from "@/lib/portal/outcome";
import { queryKeys, useInbox } from "./inbox-context";

/**
 * Runs one of the conversation's server actions; a refusal, or a request that never got an
 * answer, becomes the mutation's error (shown beside the control, the typed draft kept), and
 * afterwards the conversation, its messages and the lists refetch.
 */
export const useConversationAction = <V>(displayId: number, action: (variables: V) => Promise<Outcome>) => {
  const { accountId } = useInbox();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => {
      orThrow(await attempt(() => action(variables)));
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
