"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { ZCreateSpace, ZUpdateSpace, weekdays } from "@/lib/planning/spaces/schemas";
import { createSpace, deleteSpace, updateSpace } from "@/lib/planning/spaces/spaces";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath, withNotice } from "@/lib/portal/paths";

const fields = {
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
} satisfies Record<string, FieldKind>;

/** The schedule's errors are named as the service names them (`schedule.monday.close`), so they land beside the weekday. */
const scheduleFields = weekdays.flatMap((day) => [`schedule.${day}.open`, `schedule.${day}.close`]);
const formFields = [...Object.keys(fields), "schedule", ...scheduleFields];

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.trim() : "");

/**
 * The weekday rows as the `schedule` object: a day ticked closed, or with both times empty, is
 * left out (closed). The editor is only on the page while working hours are on; without its
 * rows the stored schedule stays as it is.
 */
const readSchedule = (formData: FormData) => {
  const values: Record<string, string> = {};
  if (![...formData.keys()].some((key) => key.startsWith("schedule."))) return { schedule: undefined, values };
  const schedule: Record<string, { open: string; close: string }> = {};
  for (const day of weekdays) {
    const closed = formData.get(`schedule.${day}.closed`) !== null;
    const open = text(formData.get(`schedule.${day}.open`));
    const close = text(formData.get(`schedule.${day}.close`));
    Object.assign(values, { [`schedule.${day}.open`]: open, [`schedule.${day}.close`]: close, [`schedule.${day}.closed`]: closed ? "on" : "" });
    if (closed || (open === "" && close === "")) continue;
    schedule[day] = { open, close };
  }
  return { schedule, values };
};

const readSpaceForm = (formData: FormData) => {
  const { input, values } = readForm(formData, fields);
  const schedule = readSchedule(formData);
  return {
    input: schedule.schedule === undefined ? input : { ...input, schedule: schedule.schedule },
    values: { ...values, ...schedule.values },
  };
};

const list = (accountId: number) => accountPath(accountId, "planning", "spaces");

/** Spaces appear on every planning page (the calendar's rows, event allocations). */
const revalidatePlanning = (accountId: number) => revalidatePath(accountPath(accountId, "planning"), "layout");

export const createSpaceAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readSpaceForm(formData);
  try {
    await createSpace(await portalContext(accountId), parseInput(ZCreateSpace, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePlanning(accountId);
  redirect(withNotice(list(accountId), "created"));
};

export const updateSpaceAction = async (accountId: number, spaceId: string, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readSpaceForm(formData);
  try {
    // Bound arguments come back from the browser: an id that is no UUID is no space of ours.
    if (!isUuid(spaceId)) throw notFound("Space");
    await updateSpace(await portalContext(accountId), spaceId, parseInput(ZUpdateSpace, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePlanning(accountId);
  return { status: "success", errors: {}, message: "Space saved." };
};

/** A refusal (the space contains others, or has live bookings) comes back as the dialog's message. */
export const deleteSpaceAction = async (accountId: number, spaceId: string): Promise<FormState> => {
  try {
    if (!isUuid(spaceId)) throw notFound("Space");
    await deleteSpace(await portalContext(accountId), spaceId);
  } catch (error) {
    return failure(error, []);
  }
  revalidatePlanning(accountId);
  redirect(withNotice(list(accountId), "deleted"));
};
