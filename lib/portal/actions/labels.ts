"use server";

import { ZId } from "@/lib/http/schemas";
import { createLabel, deleteLabel, updateLabel } from "@/lib/labels/labels";
import { ZCreateLabel, ZUpdateLabel } from "@/lib/labels/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { accountPath, settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { title: "text", description: "nullable", color: "optional", show_on_sidebar: "checkbox" } satisfies Record<string, FieldKind>;
const list = (accountId: number) => settingsPath(accountId, "labels");

/** Labels are shown (with their colours) on conversations and contacts all over the account. */
const everyPage = (accountId: number) => accountPath(accountId);

export const createLabelAction = portalFormAction({
  name: "create label",
  ids: [],
  fields,
  body: ZCreateLabel,
  run: (ctx, body) => createLabel(ctx, body),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(list(accountId), "created"),
});

export const updateLabelAction = portalFormAction({
  name: "update label",
  ids: [ZId],
  fields,
  body: ZUpdateLabel,
  run: (ctx, labelId, body) => updateLabel(ctx, labelId, body),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(list(accountId), "updated"),
});

export const deleteLabelAction = portalFormAction({
  name: "delete label",
  ids: [ZId],
  run: (ctx, labelId) => deleteLabel(ctx, labelId),
  revalidate: everyPage,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});
