import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { redirect, unstable_rethrow } from "next/navigation";
import { z } from "zod";
import type { AccountCtx, UserCaller } from "@/lib/auth/caller";
import { portalContext } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import { requestIp } from "@/lib/http/client-ip";
import { takeHits } from "@/lib/http/rate-limit";
import { parseInput } from "@/lib/http/validation";
import { logFailure, postgresError } from "@/lib/log";
import { readForm, type FieldKind } from "./form-input";
import type { FormState } from "./form-state";
import { formRefusal, humanizeField, sentence, unexpectedMessage, type Conflict, type Outcome, type Refusal } from "./outcome";
import { getDb } from "@/db/client";

/*
 * The portal's counterpart to `accountRoute`: every server action is built here. The wrapper
 * builds the signed-in user's account context (signed out → /login, not a member → 404),
 * counts the call against the user's rate limit, parses each argument the browser sent with
 * the operation's zod schema (ids that do not parse are "not found", as in a path), runs the
 * same service the API route runs, revalidates the pages that show what changed, and turns a
 * refusal into data the form shows. Next's own control flow (redirect, notFound) passes through.
 */

export type PortalCtx = AccountCtx<UserCaller>;

export type Schemas = readonly z.ZodType[];
export type Outputs<S extends Schemas> = { -readonly [K in keyof S]: z.output<S[K]> };
export type Inputs<S extends Schemas> = { -readonly [K in keyof S]: z.input<S[K]> };

export { formRefusal };

const conflictsOf = (error: ApiError): Conflict[] => {
  const conflicts = error.details.conflicts;
  return Array.isArray(conflicts) ? (conflicts as Conflict[]) : [];
};

/**
 * The one error mapper: anything a service threw as the browser sees it. Field errors keep the
 * API's field paths; a conflict is about the whole window, so its words are the message and its
 * bookings come as data. The unexpected is logged and answered without detail.
 */
export const refusalOf = (error: unknown, where = "portal action"): Refusal => {
  unstable_rethrow(error);
  if (!(error instanceof ApiError)) {
    const pg = postgresError(error);
    if (typeof pg?.code === "string" && pg.code.startsWith("22")) {
      return { ok: false, code: "invalid", message: "A value could not be stored", errors: {}, conflicts: [] };
    }
    logFailure({ where }, error);
    return { ok: false, code: "internal_error", message: unexpectedMessage, errors: {}, conflicts: [] };
  }
  if (error.status >= 500) logFailure({ where }, error.cause ?? error);
  const fieldErrors = error.errors.filter((fieldError) => fieldError.code !== "conflict");
  const errors: Record<string, string> = {};
  for (const fieldError of fieldErrors) errors[fieldError.field] ??= sentence(fieldError.message);
  const first = fieldErrors[0];
  // "Validation failed: overrides.additional_lines.0.name can't be blank" reads badly: name the field in words.
  const message = error.message.startsWith("Validation failed") && first ? `${humanizeField(first.field)} ${first.message}` : error.message;
  return { ok: false, code: error.code, message, errors, conflicts: conflictsOf(error) };
};

/** Counts the call against the signed-in user's `portal_action` limit (429 as a refusal). */
const countCall = async (ctx: PortalCtx) => {
  const ip = requestIp(await headers());
  await takeHits(getDb(), [{ rule: "portal_action", key: `user:${ctx.caller.user.id}` }], ip);
};

/** Parses the browser's arguments: the leading `ids` are record ids (404 when they do not parse), the rest input (422). */
export const parseArgs = (schemas: Schemas, raw: unknown[], ids: number) =>
  schemas.map((schema, index) => {
    if (index >= ids) return parseInput(schema, raw[index]);
    const parsed = schema.safeParse(raw[index]);
    if (!parsed.success) throw new ApiError("not_found", "Record could not be found");
    return parsed.data;
  });

type Revalidate<A extends unknown[]> = (accountId: number, ...args: A) => string | string[];

export type ActionSpec<S extends Schemas, T extends object> = {
  /** Names the action in logs. */
  name: string;
  /** Schemas of the arguments after the account id, in order: ids first, then input. */
  args: S;
  /** How many leading arguments are record ids (default: none). */
  ids?: number;
  /**
   * A read the browser repeats (the inbox's polling, the calendar's window, a picker's search):
   * not counted against the user's `portal_action` limit, which is for changes.
   */
  read?: boolean;
  run: (ctx: PortalCtx, ...args: Outputs<S>) => Promise<T>;
  /** Pages showing what changed: revalidated (as layouts) after success. */
  revalidate?: Revalidate<Outputs<S>>;
  /** Where to go after success (after revalidation). */
  redirectTo?: (accountId: number, result: T, ...args: Outputs<S>) => string;
};

/** A server action: `(accountId, ...args) => { ok: true, …result } | refusal`. */
export const portalAction =
  <const S extends Schemas, T extends object = object>(spec: ActionSpec<S, T>) =>
  async (accountId: number, ...raw: Inputs<S>): Promise<Outcome<T>> => {
    let result: T;
    let args: Outputs<S>;
    try {
      const ctx = await portalContext(accountId);
      if (!spec.read) await countCall(ctx);
      args = parseArgs(spec.args, raw, spec.ids ?? 0) as Outputs<S>;
      result = await spec.run(ctx, ...args);
    } catch (error) {
      return refusalOf(error, spec.name);
    }
    const id = Number(accountId);
    for (const path of [spec.revalidate?.(id, ...args) ?? []].flat()) revalidatePath(path, "layout");
    if (spec.redirectTo) redirect(spec.redirectTo(id, result, ...args));
    return { ok: true, ...result };
  };

export type FormSuccess = { message?: string; data?: Record<string, string> };

/** The input of a form with no fields (a delete button, "issue a new token"). */
export const ZNoInput = z.object({});

export type FormActionSpec<S extends Schemas, B extends z.ZodType, T> = {
  name: string;
  /** Schemas of the record ids bound after the account id (a 404 when they do not parse). */
  ids: S;
  /** The form's inputs and how each becomes service input (see readForm); none for a button. */
  fields?: Record<string, FieldKind>;
  /** The service's input schema (none for a button); `shape` turns the form's fields into what it takes. */
  body?: B;
  shape?: (input: Record<string, unknown>) => unknown;
  run: (ctx: PortalCtx, ...args: [...Outputs<S>, z.output<B>]) => Promise<T>;
  revalidate?: Revalidate<Outputs<S>>;
  redirectTo?: (accountId: number, result: T, ...ids: Outputs<S>) => string;
  /** Shown after success: fixed words, or built from the result (with data such as a new token). */
  success?: string | ((result: T) => FormSuccess);
};

/**
 * A form's server action (useActionState): `(accountId, ...ids, state, formData) => FormState`.
 * The fields are read and parsed through `portalAction`; after a refusal the form gets its
 * values back (passwords and secrets excepted) with the messages beside its inputs.
 */
export const portalFormAction = <const S extends Schemas, B extends z.ZodType = typeof ZNoInput, T = unknown>(spec: FormActionSpec<S, B, T>) => {
  const fields = spec.fields ?? {};
  const formFields = Object.keys(fields);
  const inner = portalAction({
    name: spec.name,
    args: [...spec.ids, spec.body ?? ZNoInput] as unknown as Schemas,
    ids: spec.ids.length,
    run: async (ctx, ...args) => ({ result: await (spec.run as (ctx: PortalCtx, ...args: unknown[]) => Promise<T>)(ctx, ...args) }),
    revalidate: spec.revalidate && ((accountId, ...args) => (spec.revalidate as Revalidate<unknown[]>)(accountId, ...args.slice(0, -1))),
    redirectTo:
      spec.redirectTo &&
      ((accountId, { result }, ...args) => (spec.redirectTo as (id: number, result: T, ...ids: unknown[]) => string)(accountId, result, ...args.slice(0, -1))),
  });
  return async (accountId: number, ...rest: [...Inputs<S>, FormState, FormData]): Promise<FormState> => {
    const ids = rest.slice(0, spec.ids.length);
    const { input, values } = readForm(rest[rest.length - 1], fields);
    const outcome = await (inner as (accountId: number, ...args: unknown[]) => Promise<Outcome<{ result: T }>>)(
      accountId,
      ...ids,
      input && spec.shape ? spec.shape(input) : input,
    );
    if (!outcome.ok) return formRefusal(outcome, formFields, values);
    const success = typeof spec.success === "function" ? spec.success(outcome.result) : { message: spec.success };
    return { status: "success", errors: {}, ...success };
  };
};
