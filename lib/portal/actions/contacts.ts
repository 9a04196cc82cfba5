"use server";

import { deleteContact, setContactLabels, updateContact } from "@/lib/contacts/contacts";
import { ZContactLabels, ZContactUpdate } from "@/lib/contacts/schemas";
import { ZId } from "@/lib/http/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { accountPath, withNotice } from "@/lib/portal/paths";

const fields = {
  name: "text",
  email: "nullable",
  phone_number: "nullable",
  company_name: "text",
  city: "text",
} satisfies Record<string, FieldKind>;

const contactsPath = (accountId: number) => accountPath(accountId, "contacts");

export const updateContactAction = portalFormAction({
  name: "update contact",
  ids: [ZId],
  fields,
  body: ZContactUpdate,
  // Company and city live in the contact's additional attributes, where the API keeps them too.
  shape: ({ company_name, city, ...columns }) => ({
    ...columns,
    additional_attributes: { company_name: String(company_name).trim(), city: String(city).trim() },
  }),
  run: (ctx, contactId, body) => updateContact(ctx, contactId, body),
  revalidate: contactsPath,
  success: "Contact saved.",
});

export const setContactLabelsAction = portalFormAction({
  name: "set contact labels",
  ids: [ZId],
  fields: { labels: "list" },
  body: ZContactLabels,
  run: (ctx, contactId, body) => setContactLabels(ctx, contactId, body.labels),
  revalidate: contactsPath,
  success: "Labels saved.",
});

export const deleteContactAction = portalFormAction({
  name: "delete contact",
  ids: [ZId],
  run: (ctx, contactId) => deleteContact(ctx, contactId),
  revalidate: contactsPath,
  redirectTo: (accountId) => withNotice(contactsPath(accountId), "deleted"),
});
