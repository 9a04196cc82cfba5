import { z } from "zod";
import { ZFilterPayload } from "@/lib/filters/engine";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import {
  ZContact,
  ZContactableInbox,
  ZContactCreate,
  ZContactInboxCreate,
  ZContactLabels,
  ZContactList,
  ZContactListQuery,
  ZContactMerge,
  ZContactSearchQuery,
  ZContactSearchResult,
  ZContactUpdate,
  ZPageQuery,
} from "./schemas";

const tag = "Contacts";
const base = "/api/v1/accounts/{account_id}/contacts";

export const listContactsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List contacts, 15 per page; `meta.count` is the total matching",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZContactListQuery,
  response: ZContactList,
});

export const createContactOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a contact; with `inbox_id`, also its identity (contact_inbox) in that inbox",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZContactCreate,
  bodyKey: "contact",
  response: z.object({
    payload: z.object({ contact: ZContact, contact_inbox: ZContactableInbox.nullable() }),
  }),
});

export const searchContactsOp = defineOperation({
  method: "GET",
  path: `${base}/search`,
  summary: "Search contacts by name, email, phone number or identifier (case-insensitive substring)",
  tag,
  callers: ["user", "agent_bot"],
  params: ZAccountParams,
  query: ZContactSearchQuery,
  response: ZContactSearchResult,
});

export const filterContactsOp = defineOperation({
  method: "POST",
  path: `${base}/filter`,
  summary: "Filter contacts with Chatwoot's filter conditions, 15 per page",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZPageQuery,
  body: ZFilterPayload,
  response: ZContactList,
});

export const showContactOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a contact",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: z.object({ payload: ZContact }),
  errors: [404],
});

const update = {
  path: `${base}/{id}`,
  summary: "Update a contact; `additional_attributes` and `custom_attributes` are merged",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZContactUpdate,
  bodyKey: "contact",
  response: z.object({ payload: ZContact }),
  errors: [404],
} as const;

export const putContactOp = defineOperation({ method: "PUT", ...update });
export const patchContactOp = defineOperation({ method: "PATCH", ...update });

export const deleteContactOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a contact and its conversations (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});

const ZLabelsPayload = z.object({ payload: z.array(z.string()) });

export const listContactLabelsOp = defineOperation({
  method: "GET",
  path: `${base}/{id}/labels`,
  summary: "A contact's labels",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZLabelsPayload,
  errors: [404],
});

export const setContactLabelsOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/labels`,
  summary: "Replace a contact's labels (titles are lowercased)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZContactLabels,
  response: ZLabelsPayload,
  errors: [404],
});

export const createContactInboxOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/contact_inboxes`,
  summary: "Give a contact an identity (source_id) in an inbox of the account",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZContactInboxCreate,
  response: ZContactableInbox,
  errors: [404],
});

export const contactableInboxesOp = defineOperation({
  method: "GET",
  path: `${base}/{id}/contactable_inboxes`,
  summary: "Inboxes a conversation with the contact can be started in, with the contact's source_id in each",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: z.object({ payload: z.array(ZContactableInbox) }),
  errors: [404],
});

export const mergeContactsOp = defineOperation({
  method: "POST",
  path: "/api/v1/accounts/{account_id}/actions/contact_merge",
  summary: "Merge the mergee contact into the base contact and delete the mergee; answers the base contact",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZContactMerge,
  response: ZContact,
  errors: [404],
});
