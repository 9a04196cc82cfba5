"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/db/client";
import { sessionCaller } from "@/lib/auth/session";
import { requestIp } from "@/lib/http/client-ip";
import { takeHits } from "@/lib/http/rate-limit";
import { ZBodyId } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { refusalOf } from "@/lib/portal/action";
import { readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { formRefusal } from "@/lib/portal/outcome";
import { approveAuthorization, authorizationParameterNames, checkAuthorizationRequest, denyAuthorization } from "@/lib/oauth/authorize";
import { pageBaseUrl } from "@/lib/portal/context";

/*
 * The consent page's answer (app/oauth/authorize). There is no account in the URL to build a
 * portal context from: the account is what the user picks in the form. So, with the same care as
 * `portalAction`: the session's user (signed out → refused), their `portal_action` rate limit,
 * the form parsed with zod, and the authorization request checked again from the parameters the
 * form carries (nothing the page showed is trusted). The service decides whether the user may
 * grant that account. Allow and Deny both end in a redirect to the client's redirect URI.
 */

const requestParameter = z.string().max(4000).optional();

const ZConsentAnswer = z.object({
  decision: z.enum(["allow", "deny"], { message: "must be allow or deny" }),
  account_id: ZBodyId.optional(),
  ...Object.fromEntries(authorizationParameterNames.map((name) => [name, requestParameter])),
});

const fields = {
  decision: "optional",
  account_id: "optional",
  ...Object.fromEntries(authorizationParameterNames.map((name) => [name, "optional"])),
} satisfies Record<string, FieldKind>;

const signedOut: FormState = {
  status: "error",
  message: "You have been signed out. Sign in again, then start over from the application.",
  errors: {},
};

export const answerAuthorizationAction = async (_state: FormState, formData: FormData): Promise<FormState> => {
  let destination: string;
  try {
    const caller = await sessionCaller();
    if (!caller) return signedOut;
    const db = getDb();
    const ip = requestIp(await headers());
    await takeHits(db, [{ rule: "portal_action", key: `user:${caller.user.id}` }], ip);
    const { input } = readForm(formData, fields);
    const answer = parseInput(ZConsentAnswer, input) as z.output<typeof ZConsentAnswer> & Record<string, string | undefined>;
    const query = Object.fromEntries(authorizationParameterNames.map((name) => [name, answer[name]]));
    const check = await checkAuthorizationRequest(db, await pageBaseUrl(), query);
    if (check.kind === "invalid") return { status: "error", message: check.message, errors: {} };
    if (check.kind === "refused") destination = check.redirectTo;
    else if (answer.decision === "deny") destination = denyAuthorization(check.request);
    else if (answer.account_id === undefined) return { status: "error", message: "Choose the account to connect.", errors: { account_id: "Choose an account" } };
    else destination = await approveAuthorization(db, { user: caller.user, accountId: answer.account_id, request: check.request });
  } catch (error) {
    return formRefusal(refusalOf(error, "answer OAuth authorization"), ["account_id"]);
  }
  redirect(destination);
};
