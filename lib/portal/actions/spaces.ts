"use server";

import { ZUuid } from "@/lib/http/schemas";
import { ZCreateSpace, ZUpdateSpace, weekdays } from "@/lib/planning/spaces/schemas";
import { createSpace, deleteSpace, updateSpace } from "@/lib/planning/spaces/spaces";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { spacesPath } from "@/lib/portal/loaders/spaces";
import { accountPath, withNotice } from "@/lib/portal/paths";

/**
 * The weekday rows of the schedule editor, named as the service names its errors
 * (`schedule.monday.close`) so they land beside the weekday. `schedule` itself is a marker the
 * editor sends: it is only on the page while working hours are on, and without it the stored
 * schedule stays as it is.
 */
const scheduleFields: Record<string, FieldKind> = Object.fromEntries(
  weekdays.flatMap((day) => [
    [`schedule.${day}.open`, "optional"],
    [`schedule.${day}.close`, "optional"],
    [`schedule.${day}.closed`, "checkbox"],
  ]),
);

const fields: Record<string, FieldKind> = {
  name: "text",
  description: "nullable",
  parent_id: "nullable",
  venue_id: "nullable",
  position: "optional",
  active: "checkbox",
  square_meters: "nullable",
  theater: "nullable",
  classroom: "nullable",
  standing: "nullable",
  banquet: "nullable",
  boardroom: "nullable",
  u_shape: "nullable",
  concert: "nullable",
  cocktail: "nullable",
  max_capacity_seated: "nullable",
  max_capacity_standing: "nullable",
  working_hours_enabled: "checkbox",
  timezone: "text",
  available_from: "nullable",
  available_until: "nullable",
  out_of_office_message: "nullable",
  max_tentative_allocations: "nullable",
  tentative_expiry_minutes: "nullable",
  schedule: "checkbox",
  ...scheduleFields,
};

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The weekday rows as the `schedule` object: a day ticked closed, or with both times empty, is left out (closed). */
const spaceInput = (input: Record<string, unknown>) => {
  const columns = Object.fromEntries(Object.entries(input).filter(([name]) => name !== "schedule" && !name.startsWith("schedule.")));
  if (input.schedule !== true) return columns;
  const schedule: Record<string, { open: string; close: string }> = {};
  for (const day of weekdays) {
    const open = text(input[`schedule.${day}.open`]);
    const close = text(input[`schedule.${day}.close`]);
    if (input[`schedule.${day}.closed`] === true || (open === "" && close === "")) continue;
    schedule[day] = { open, close };
  }
  return { ...columns, schedule };
};

/** Spaces appear on every planning page (the calendar's rows, event allocations). */
const planningPath = (accountId: number) => accountPath(accountId, "planning");

export const createSpaceAction = portalFormAction({
  name: "create space",
  ids: [],
  fields,
  body: ZCreateSpace,
  shape: spaceInput,
  run: (ctx, body) => createSpace(ctx, body),
  revalidate: planningPath,
  redirectTo: (accountId) => withNotice(spacesPath(accountId), "created"),
});

export const updateSpaceAction = portalFormAction({
  name: "update space",
  ids: [ZUuid],
  fields,
  body: ZUpdateSpace,
  shape: spaceInput,
  run: (ctx, spaceId, body) => updateSpace(ctx, spaceId, body),
  revalidate: planningPath,
  success: "Space saved.",
});

/** A refusal (the space contains others, or has live bookings) comes back as the dialog's message. */
export const deleteSpaceAction = portalFormAction({
  name: "delete space",
  ids: [ZUuid],
  run: (ctx, spaceId) => deleteSpace(ctx, spaceId),
  revalidate: planningPath,
  redirectTo: (accountId) => withNotice(spacesPath(accountId), "deleted"),
});
