"use server";

import { z } from "zod";
import { ZId } from "@/lib/http/schemas";
import { maxClientIdLength } from "@/lib/oauth/clients";
import { createIntegration, revokeAuthorizedApp, revokeIntegration, rotateIntegrationSecret } from "@/lib/oauth/integrations";
import { ZCreateIntegration } from "@/lib/oauth/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { settingsPath } from "@/lib/portal/paths";

const fields = { name: "text", redirect_uris: "text", scopes: "list", grant_types: "list" } satisfies Record<string, FieldKind>;

const lines = (text: unknown) =>
  typeof text === "string"
    ? text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== "")
    : text;

/**
 * The form as the service's schema reads it: redirect URIs come one per line. Every problem is
 * put beside its input at once, a bad redirect URI named by its line (the service's schema would
 * name `redirect_uris.1`, which no input of the form is called).
 */
const ZIntegrationForm = z.record(z.string(), z.unknown()).transform((form, ctx) => {
  const uris = lines(form.redirect_uris ?? "");
  const parsed = ZCreateIntegration.safeParse({ ...form, redirect_uris: uris });
  if (parsed.success) return parsed.data;
  const several = Array.isArray(uris) && uris.length > 1;
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const line = field === "redirect_uris" && typeof index === "number" && several ? `line ${index + 1} ` : "";
    ctx.addIssue({ code: "custom", path: field === undefined ? [] : [field], message: `${line}${issue.message}` });
  }
  return z.NEVER;
});

/** A client id as the list shows it (a metadata document's is its URL); anything else is "not found". */
const ZClientId = z.string().min(1).max(maxClientIdLength);

const list = (accountId: number) => settingsPath(accountId, "integrations");

/** The secret is in this answer only: the form shows it once and nothing stores it. */
export const createIntegrationAction = portalFormAction({
  name: "create integration",
  ids: [],
  fields,
  body: ZIntegrationForm,
  run: (ctx, body) => createIntegration(ctx, body),
  revalidate: list,
  success: ({ integration, client_secret }) => ({
    message: `${integration.name} is registered.`,
    data: { name: integration.name, client_id: integration.client_id, client_secret },
  }),
});

export const rotateIntegrationSecretAction = portalFormAction({
  name: "rotate integration secret",
  ids: [ZId],
  run: (ctx, id) => rotateIntegrationSecret(ctx, id),
  revalidate: list,
  success: ({ integration, client_secret }) => ({
    message: "A new secret was issued. The previous secret no longer works.",
    data: { name: integration.name, client_id: integration.client_id, client_secret },
  }),
});

export const revokeIntegrationAction = portalFormAction({
  name: "revoke integration",
  ids: [ZId],
  run: (ctx, id) => revokeIntegration(ctx, id),
  revalidate: list,
  success: "Integration revoked.",
});

export const revokeAuthorizedAppAction = portalFormAction({
  name: "revoke authorized app",
  ids: [ZClientId],
  run: (ctx, clientId) => revokeAuthorizedApp(ctx, clientId),
  revalidate: list,
  success: "Access revoked.",
});
