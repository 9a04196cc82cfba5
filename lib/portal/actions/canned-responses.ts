"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { createCannedResponse, deleteCannedResponse, updateCannedResponse } from "@/lib/canned-responses/canned-responses";
import { ZCannedResponseInput, ZCannedResponsePatch } from "@/lib/canned-responses/schemas";
import { parseInput } from "@/lib/http/validation";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { short_code: "text", content: "text" } satisfies Record<string, FieldKind>;
const formFields = Object.keys(fields);

export const createCannedResponseAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await createCannedResponse(await portalContext(accountId), parseInput(ZCannedResponseInput, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  const list = settingsPath(accountId, "canned-responses");
  revalidatePath(list);
  redirect(withNotice(list, "created"));
};

export const updateCannedResponseAction = async (
  accountId: number,
  id: number,
  _state: FormState,
  formData: FormData,
): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await updateCannedResponse(await portalContext(accountId), id, parseInput(ZCannedResponsePatch, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  const list = settingsPath(accountId, "canned-responses");
  revalidatePath(list);
  redirect(withNotice(list, "updated"));
};

export const deleteCannedResponseAction = async (accountId: number, id: number): Promise<FormState> => {
  try {
    await deleteCannedResponse(await portalContext(accountId), id);
  } catch (error) {
    return failure(error, []);
  }
  const list = settingsPath(accountId, "canned-responses");
  revalidatePath(list);
  redirect(withNotice(list, "deleted"));
};
