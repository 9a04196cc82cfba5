"use client";

import { useQuery } from "@tanstack/react-query";
import { spaceKnowledgeAction } from "@/lib/portal/actions/space-knowledge";
import { orThrow } from "@/lib/portal/outcome";
import { SpaceFacts, SpacePhotos } from "./space-facts";

/**
 * The calendar's details panel: the space's photos and published facts, fetched when the panel
 * opens on it (kept for a minute: a planner clicks through a day's bookings of the same spaces).
 */
export const SpaceKnowledgePanel = ({ accountId, spaceId, name, headingId }: { accountId: number; spaceId: string; name: string; headingId: string }) => {
  const query = useQuery({
    queryKey: ["space-knowledge", accountId, spaceId],
    queryFn: async () => orThrow(await spaceKnowledgeAction(accountId, spaceId)).knowledge,
    staleTime: 60_000,
  });
  const knowledge = query.data;
  if (!knowledge) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        About {name}
      </h3>
      <SpacePhotos photos={knowledge.photos} name={name} />
      <SpaceFacts articles={knowledge.articles} />
    </section>
  );
};
