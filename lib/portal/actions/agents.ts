"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createAgent, deleteAgent, updateAgent } from "@/lib/agents/agents";
import { ZCreateAgent, ZUpdateAgent } from "@/lib/agents/schemas";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath, settingsPath, withNotice } from "@/lib/portal/paths";

const createFields = {
  name: "text",
  email: "text",
  role: "text",
  availability: "text",
  auto_offline: "checkbox",
  password: "secret",
} satisfies Record<string, FieldKind>;
const updateFields = { name: "text", role: "text", availability: "text", auto_offline: "checkbox" } satisfies Record<string, FieldKind>;

export const createAgentAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, createFields);
  try {
    await createAgent(await portalContext(accountId), parseInput(ZCreateAgent, input));
  } catch (error) {
    return failure(error, Object.keys(createFields), values);
  }
  const list = settingsPath(accountId, "agents");
  revalidatePath(list);
  redirect(withNotice(list, "created"));
};

export const updateAgentAction = async (accountId: number, userId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, updateFields);
  try {
    await updateAgent(await portalContext(accountId), userId, parseInput(ZUpdateAgent, input));
  } catch (error) {
    return failure(error, Object.keys(updateFields), values);
  }
  const list = settingsPath(accountId, "agents");
  // The layout shows the signed-in user's name, which an administrator may have just edited.
  revalidatePath(accountPath(accountId), "layout");
  redirect(withNotice(list, "updated"));
};

export const deleteAgentAction = async (accountId: number, userId: number): Promise<FormState> => {
  try {
    await deleteAgent(await portalContext(accountId), userId);
  } catch (error) {
    return failure(error, []);
  }
  const list = settingsPath(accountId, "agents");
  revalidatePath(list);
  redirect(withNotice(list, "deleted"));
};
