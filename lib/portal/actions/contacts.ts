"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { deleteContact, setContactLabels, updateContact } from "@/lib/contacts/contacts";
import { ZContactLabels, ZContactUpdate } from "@/lib/contacts/schemas";
import { parseInput } from "@/lib/http/validation";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath, withNotice } from "@/lib/portal/paths";

const fields = {
  name: "text",
  email: "nullable",
  phone_number: "nullable",
  company_name: "text",
  city: "text",
} satisfies Record<string, FieldKind>;
const formFields = Object.keys(fields);

const contactsPath = (accountId: number) => accountPath(accountId, "contacts");

export const updateContactAction = async (accountId: number, contactId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  const { company_name, city, ...columns } = input;
  // Company and city live in the contact's additional attributes, where the API keeps them too.
  const additional_attributes = { company_name: String(company_name).trim(), city: String(city).trim() };
  try {
    await updateContact(await portalContext(accountId), contactId, parseInput(ZContactUpdate, { ...columns, additional_attributes }));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePath(contactsPath(accountId), "layout");
  return { status: "success", errors: {}, message: "Contact saved." };
};

export const setContactLabelsAction = async (accountId: number, contactId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const labels = formData.getAll("labels").filter((value): value is string => typeof value === "string");
  try {
    await setContactLabels(await portalContext(accountId), contactId, parseInput(ZContactLabels, { labels }).labels);
  } catch (error) {
    return failure(error, ["labels"]);
  }
  revalidatePath(contactsPath(accountId), "layout");
  return { status: "success", errors: {}, message: "Labels saved." };
};

export const deleteContactAction = async (accountId: number, contactId: number): Promise<FormState> => {
  try {
    await deleteContact(await portalContext(accountId), contactId);
  } catch (error) {
    return failure(error, []);
  }
  revalidatePath(contactsPath(accountId), "layout");
  redirect(withNotice(contactsPath(accountId), "deleted"));
};
