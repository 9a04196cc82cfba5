"use server";

import { createAgent, deleteAgent, updateAgent } from "@/lib/agents/agents";
import { ZCreateAgent, ZUpdateAgent } from "@/lib/agents/schemas";
import { ZId } from "@/lib/http/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { accountPath, settingsPath, withNotice } from "@/lib/portal/paths";

const createFields = {
  name: "text",
  email: "text",
  role: "text",
  availability: "text",
  auto_offline: "checkbox",
  password: "secret",
} satisfies Record<string, FieldKind>;
const updateFields = { name: "text", role: "text", availability: "text", auto_offline: "checkbox" } satisfies Record<string, FieldKind>;

const list = (accountId: number) => settingsPath(accountId, "agents");

export const createAgentAction = portalFormAction({
  name: "create agent",
  ids: [],
  fields: createFields,
  body: ZCreateAgent,
  run: (ctx, body) => createAgent(ctx, body),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "created"),
});

export const updateAgentAction = portalFormAction({
  name: "update agent",
  ids: [ZId],
  fields: updateFields,
  body: ZUpdateAgent,
  run: (ctx, userId, body) => updateAgent(ctx, userId, body),
  // The layout shows the signed-in user's name, which an administrator may have just edited.
  revalidate: (accountId) => accountPath(accountId),
  redirectTo: (accountId) => withNotice(list(accountId), "updated"),
});

export const deleteAgentAction = portalFormAction({
  name: "delete agent",
  ids: [ZId],
  run: (ctx, userId) => deleteAgent(ctx, userId),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});
