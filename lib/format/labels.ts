/** Words for statuses, shared by every page, document and message that names one. */

import type { AllocationStatus, PlanningEventStatus } from "@/db/schema";

export const eventStatusLabels: Record<PlanningEventStatus, string> = {
  lead: "Lead",
  tentative: "Tentative",
  definite: "Definite",
  lost: "Lost",
  cancelled: "Cancelled",
};

export const allocationStatusLabels: Record<AllocationStatus, string> = {
  tentative: "Hold",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  expired: "Expired",
};
