"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { createLabel, deleteLabel, updateLabel } from "@/lib/labels/labels";
import { ZCreateLabel, ZUpdateLabel } from "@/lib/labels/schemas";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath, settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { title: "text", description: "nullable", color: "optional", show_on_sidebar: "checkbox" } satisfies Record<string, FieldKind>;
const formFields = Object.keys(fields);
const list = (accountId: number) => settingsPath(accountId, "labels");

/** Labels are shown (with their colours) on conversations and contacts all over the account. */
const revalidateAccount = (accountId: number) => revalidatePath(accountPath(accountId), "layout");

export const createLabelAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await createLabel(await portalContext(accountId), parseInput(ZCreateLabel, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidateAccount(accountId);
  redirect(withNotice(list(accountId), "created"));
};

export const updateLabelAction = async (accountId: number, labelId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await updateLabel(await portalContext(accountId), labelId, parseInput(ZUpdateLabel, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidateAccount(accountId);
  redirect(withNotice(list(accountId), "updated"));
};

export const deleteLabelAction = async (accountId: number, labelId: number): Promise<FormState> => {
  try {
    await deleteLabel(await portalContext(accountId), labelId);
  } catch (error) {
    return failure(error, []);
  }
  revalidateAccount(accountId);
  redirect(withNotice(list(accountId), "deleted"));
};
