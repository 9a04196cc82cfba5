import type { AllocationStatus, PlanningEventStatus } from "@/db/schema";
import { Badge } from "@/components/ui/badge";
import { allocationStatusLabels, eventStatusLabels } from "@/lib/format/labels";

const eventTones = { lead: "accent", tentative: "warning", definite: "success", lost: "neutral", cancelled: "neutral" } as const;
const allocationTones = { tentative: "warning", confirmed: "success", cancelled: "neutral", expired: "neutral" } as const;

export const EventStatusBadge = ({ status }: { status: PlanningEventStatus }) => <Badge tone={eventTones[status]}>{eventStatusLabels[status]}</Badge>;

export const AllocationStatusBadge = ({ status }: { status: AllocationStatus }) => (
  <Badge tone={allocationTones[status]}>{allocationStatusLabels[status]}</Badge>
);
