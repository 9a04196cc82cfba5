"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { createInbox, deleteInbox, updateInbox } from "@/lib/inboxes/inboxes";
import { replaceInboxMembers } from "@/lib/inboxes/members";
import { ZCreateInbox, ZInboxMembersInput, ZUpdateInbox } from "@/lib/inboxes/schemas";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { settingsPath, withNotice } from "@/lib/portal/paths";

/**
 * Channel settings are named as the service's errors name them (`channel.webhook_url`), so a
 * refusal lands beside its input; `nest` turns them into the `channel` object the schema takes.
 */
const nest = (input: Record<string, unknown>) => {
  const body: Record<string, unknown> = {};
  const channel: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key.startsWith("channel.")) channel[key.slice("channel.".length)] = value;
    else body[key] = value;
  }
  return Object.keys(channel).length > 0 ? { ...body, channel } : body;
};

const channelFields = {
  api: { "channel.webhook_url": "nullable", "channel.hmac_mandatory": "checkbox" },
  web_widget: { "channel.website_url": "text", "channel.widget_color": "optional" },
} satisfies Record<string, Record<string, FieldKind>>;

type ChannelKind = keyof typeof channelFields;
const channelKind = (value: unknown): ChannelKind => (value === "web_widget" || value === "Channel::WebWidget" ? "web_widget" : "api");

const list = (accountId: number) => settingsPath(accountId, "inboxes");

export const createInboxAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const type = channelKind(formData.get("channel.type"));
  const fields = { name: "text", ...channelFields[type] } satisfies Record<string, FieldKind>;
  const { input, values } = readForm(formData, fields);
  let inboxId: number;
  try {
    const body = parseInput(ZCreateInbox, nest({ ...input, "channel.type": type }));
    inboxId = (await createInbox(await portalContext(accountId), body)).id;
  } catch (error) {
    return failure(error, Object.keys(fields), { ...values, "channel.type": type });
  }
  revalidatePath(list(accountId));
  // The new inbox's page shows the identifier Client API callers need.
  redirect(withNotice(settingsPath(accountId, "inboxes", inboxId), "created"));
};

export const updateInboxAction = async (
  accountId: number,
  inboxId: number,
  channelType: string,
  _state: FormState,
  formData: FormData,
): Promise<FormState> => {
  const fields = {
    name: "text",
    greeting_enabled: "checkbox",
    greeting_message: "nullable",
    timezone: "text",
    working_hours_enabled: "checkbox",
    ...channelFields[channelKind(channelType)],
  } satisfies Record<string, FieldKind>;
  const { input, values } = readForm(formData, fields);
  try {
    await updateInbox(await portalContext(accountId), inboxId, parseInput(ZUpdateInbox, nest(input)));
  } catch (error) {
    return failure(error, Object.keys(fields), values);
  }
  revalidatePath(list(accountId), "layout");
  return { status: "success", errors: {}, message: "Inbox saved." };
};

export const replaceInboxMembersAction = async (accountId: number, inboxId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const userIds = formData.getAll("user_ids").map(Number);
  try {
    await replaceInboxMembers(await portalContext(accountId), parseInput(ZInboxMembersInput, { inbox_id: inboxId, user_ids: userIds }));
  } catch (error) {
    return failure(error, ["user_ids"]);
  }
  revalidatePath(settingsPath(accountId, "inboxes", inboxId));
  return { status: "success", errors: {}, message: "Members saved." };
};

export const deleteInboxAction = async (accountId: number, inboxId: number): Promise<FormState> => {
  try {
    await deleteInbox(await portalContext(accountId), inboxId);
  } catch (error) {
    return failure(error, []);
  }
  revalidatePath(list(accountId), "layout");
  redirect(withNotice(list(accountId), "deleted"));
};
