"use server";

import { ZId } from "@/lib/http/schemas";
import { createInbox, deleteInbox, updateInbox } from "@/lib/inboxes/inboxes";
import { replaceInboxMembers } from "@/lib/inboxes/members";
import { ZCreateInbox, ZInboxMembersInput, ZUpdateInbox } from "@/lib/inboxes/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { settingsPath, withNotice } from "@/lib/portal/paths";

/*
 * Channel settings are named as the service's errors name them (`channel.webhook_url`), so a
 * refusal lands beside its input. Both forms send `channel.type` (chosen on a new inbox, fixed on
 * a stored one): only that channel's inputs go into the `channel` object the schema takes.
 */
const channelFields = {
  api: { "channel.webhook_url": "nullable", "channel.hmac_mandatory": "checkbox" },
  web_widget: { "channel.website_url": "text", "channel.widget_color": "optional" },
} satisfies Record<string, Record<string, FieldKind>>;

const channelKind = (value: unknown): keyof typeof channelFields =>
  value === "web_widget" || value === "Channel::WebWidget" ? "web_widget" : "api";

const channelBody = (input: Record<string, unknown>, { withType }: { withType: boolean }) => {
  const type = channelKind(input["channel.type"]);
  const own: Record<string, FieldKind> = channelFields[type];
  const body: Record<string, unknown> = {};
  const channel: Record<string, unknown> = withType ? { type } : {};
  for (const [key, value] of Object.entries(input)) {
    if (!key.startsWith("channel.")) body[key] = value;
    else if (key in own) channel[key.slice("channel.".length)] = value;
  }
  return Object.keys(channel).length > 0 ? { ...body, channel } : body;
};

const withChannels = <F extends Record<string, FieldKind>>(fields: F) => ({
  ...fields,
  "channel.type": "text",
  ...channelFields.api,
  ...channelFields.web_widget,
}) satisfies Record<string, FieldKind>;

const list = (accountId: number) => settingsPath(accountId, "inboxes");

export const createInboxAction = portalFormAction({
  name: "create inbox",
  ids: [],
  fields: withChannels({ name: "text" }),
  body: ZCreateInbox,
  shape: (input) => channelBody(input, { withType: true }),
  run: (ctx, body) => createInbox(ctx, body),
  revalidate: list,
  // The new inbox's page shows the identifier Client API callers need.
  redirectTo: (accountId, inbox) => withNotice(settingsPath(accountId, "inboxes", inbox.id), "created"),
});

export const updateInboxAction = portalFormAction({
  name: "update inbox",
  ids: [ZId],
  fields: withChannels({
    name: "text",
    greeting_enabled: "checkbox",
    greeting_message: "nullable",
    timezone: "text",
    working_hours_enabled: "checkbox",
  }),
  body: ZUpdateInbox,
  shape: (input) => channelBody(input, { withType: false }),
  run: (ctx, inboxId, body) => updateInbox(ctx, inboxId, body),
  revalidate: list,
  success: "Inbox saved.",
});

export const replaceInboxMembersAction = portalFormAction({
  name: "replace inbox members",
  ids: [ZId],
  fields: { user_ids: "list" },
  body: ZInboxMembersInput.pick({ user_ids: true }),
  run: (ctx, inboxId, body) => replaceInboxMembers(ctx, { inbox_id: inboxId, user_ids: body.user_ids }),
  revalidate: (accountId, inboxId) => settingsPath(accountId, "inboxes", inboxId),
  success: "Members saved.",
});

export const deleteInboxAction = portalFormAction({
  name: "delete inbox",
  ids: [ZId],
  run: (ctx, inboxId) => deleteInbox(ctx, inboxId),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});
