"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import {
  createAccountAgentBot,
  deleteAccountAgentBot,
  resetAgentBotToken,
  updateAccountAgentBot,
} from "@/lib/agent-bots/agent-bots";
import { ZCreateAgentBot, ZUpdateAgentBot } from "@/lib/agent-bots/schemas";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { name: "text", description: "nullable", outgoing_url: "nullable", avatar_url: "nullable" } satisfies Record<
  string,
  FieldKind
>;
const formFields = Object.keys(fields);

export const createAgentBotAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  let botId: number;
  try {
    botId = (await createAccountAgentBot(await portalContext(accountId), parseInput(ZCreateAgentBot, input))).id;
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePath(settingsPath(accountId, "agent-bots"));
  // The new bot's page shows the access token it needs to call the API.
  redirect(withNotice(settingsPath(accountId, "agent-bots", botId), "created"));
};

export const updateAgentBotAction = async (accountId: number, id: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await updateAccountAgentBot(await portalContext(accountId), id, parseInput(ZUpdateAgentBot, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  const list = settingsPath(accountId, "agent-bots");
  revalidatePath(list);
  redirect(withNotice(list, "updated"));
};

export const deleteAgentBotAction = async (accountId: number, id: number): Promise<FormState> => {
  try {
    await deleteAccountAgentBot(await portalContext(accountId), id);
  } catch (error) {
    return failure(error, []);
  }
  const list = settingsPath(accountId, "agent-bots");
  revalidatePath(list);
  redirect(withNotice(list, "deleted"));
};

export const resetAgentBotTokenAction = async (accountId: number, id: number): Promise<FormState> => {
  try {
    await resetAgentBotToken(await portalContext(accountId), id);
  } catch (error) {
    return failure(error, []);
  }
  revalidatePath(settingsPath(accountId, "agent-bots", id));
  return { status: "success", errors: {}, message: "A new token was issued. The previous token no longer works." };
};
