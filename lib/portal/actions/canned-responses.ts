"use server";

import { createCannedResponse, deleteCannedResponse, updateCannedResponse } from "@/lib/canned-responses/canned-responses";
import { ZCannedResponseInput, ZCannedResponsePatch } from "@/lib/canned-responses/schemas";
import { ZId } from "@/lib/http/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { short_code: "text", content: "text" } satisfies Record<string, FieldKind>;

const list = (accountId: number) => settingsPath(accountId, "canned-responses");

export const createCannedResponseAction = portalFormAction({
  name: "create canned response",
  ids: [],
  fields,
  body: ZCannedResponseInput,
  run: (ctx, body) => createCannedResponse(ctx, body),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "created"),
});

export const updateCannedResponseAction = portalFormAction({
  name: "update canned response",
  ids: [ZId],
  fields,
  body: ZCannedResponsePatch,
  run: (ctx, id, body) => updateCannedResponse(ctx, id, body),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "updated"),
});

export const deleteCannedResponseAction = portalFormAction({
  name: "delete canned response",
  ids: [ZId],
  run: (ctx, id) => deleteCannedResponse(ctx, id),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});
