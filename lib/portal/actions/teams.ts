"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { replaceTeamMembers } from "@/lib/teams/members";
import { ZCreateTeam, ZTeamMembersInput, ZUpdateTeam } from "@/lib/teams/schemas";
import { createTeam, deleteTeam, updateTeam } from "@/lib/teams/teams";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { name: "text", description: "nullable", allow_auto_assign: "checkbox" } satisfies Record<string, FieldKind>;
const formFields = Object.keys(fields);
const list = (accountId: number) => settingsPath(accountId, "teams");

export const createTeamAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  let teamId: number;
  try {
    teamId = (await createTeam(await portalContext(accountId), parseInput(ZCreateTeam, input))).id;
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePath(list(accountId));
  // A new team has no members yet: its page is where they are chosen.
  redirect(withNotice(settingsPath(accountId, "teams", teamId), "created"));
};

export const updateTeamAction = async (accountId: number, teamId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await updateTeam(await portalContext(accountId), teamId, parseInput(ZUpdateTeam, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePath(list(accountId), "layout");
  return { status: "success", errors: {}, message: "Team saved." };
};

export const replaceTeamMembersAction = async (accountId: number, teamId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const userIds = formData.getAll("user_ids").map(Number);
  try {
    await replaceTeamMembers(await portalContext(accountId), teamId, parseInput(ZTeamMembersInput, { user_ids: userIds }));
  } catch (error) {
    return failure(error, ["user_ids"]);
  }
  revalidatePath(list(accountId), "layout");
  return { status: "success", errors: {}, message: "Members saved." };
};

export const deleteTeamAction = async (accountId: number, teamId: number): Promise<FormState> => {
  try {
    await deleteTeam(await portalContext(accountId), teamId);
  } catch (error) {
    return failure(error, []);
  }
  revalidatePath(list(accountId), "layout");
  redirect(withNotice(list(accountId), "deleted"));
};
