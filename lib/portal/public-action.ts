import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { getDb, type DbOrTx } from "@/db/client";
import { addressKey, requestIp } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { textProblem } from "@/lib/http/input";
import { rateLimited, takeHits, type RateRule } from "@/lib/http/rate-limit";
import { parseArgs, refusalOf, ZNoInput, type FormSuccess, type Inputs, type Outputs, type Schemas } from "./action";
import { readForm, type FieldKind } from "./form-input";
import type { FormState } from "./form-state";
import { formRefusal, type Outcome, type Refusal } from "./outcome";

/*
 * `portalAction` for pages nobody signs in to (the customer's quote page): no account, no
 * session. The credential is an argument (a quote's token), parsed like a record id: one that
 * does not parse is "not found". Each call counts against the client address's rate limit
 * first, then the arguments are parsed with the operation's zod schemas and the service runs. A
 * refusal is mapped by the portal's one mapper (`refusalOf`), worded for the visitor by the
 * action, and for a form becomes its state by `formRefusal`. Next's own control flow passes through.
 */

/** Who is acting, as far as can be known: the address by the one TRUST_PROXY rule (never a header the client wrote), and the browser. */
export type PublicCtx = { db: DbOrTx; ip: string | null; userAgent: string | null };

/** The rate limits counted per client address for public pages. */
export type PublicRule = Extract<RateRule, `public_${string}`>;

/** A refusal as the visitor reads it; `data` goes to a form's state (e.g. that the page changed under them). */
export type PublicRefusal = Refusal & { data?: Record<string, string> };


const minutes = (seconds: number) => {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} ${count === 1 ? "minute" : "minutes"}`;
};

/** Counts the call against the address's limit (a 429 worded for a visitor, with how long to wait). */
const publicContext = async (rule: PublicRule | undefined): Promise<PublicCtx> => {
  const list = await headers();
  const ip = requestIp(list);
  const db = getDb();
  try {
    if (rule) await takeHits(db, ip ? [{ rule, key: addressKey(ip) }] : [], ip);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "rate_limited") throw error;
    const retryAfter = Number(error.headers["Retry-After"] ?? 60);
    throw rateLimited(retryAfter, `Too many attempts from your network. Please wait ${minutes(retryAfter)} and try again.`);
  }
  const agent = list.get("user-agent")?.trim() ?? "";
  return { db, ip, userAgent: agent && textProblem(agent) === null ? agent.slice(0, 1000) : null };
};

type Explain<A extends unknown[]> = (refusal: Refusal, args: A | null) => PublicRefusal | Promise<PublicRefusal>;

export type PublicActionSpec<S extends Schemas, T extends object> = {
  /** Names the action in logs. */
  name: string;
  /** The rate limit each call counts against, per client address, before its arguments are read. */
  rule?: PublicRule;
  /**
   * Or the call's own counting, once its arguments parsed: the website chat counts as the Client
   * API route it stands for would be counted (per inbox and address), so both share one budget.
   */
  count?: (ctx: PublicCtx, ...args: Outputs<S>) => Promise<void>;
  /** Schemas of the arguments, in order: credentials and ids first, then input. */
  args: S;
  /** How many leading arguments are credentials or ids (default: none). */
  ids?: number;
  run: (ctx: PublicCtx, ...args: Outputs<S>) => Promise<T>;
  /** Pages showing what changed: revalidated after success. */
  revalidate?: (...args: Outputs<S>) => string | string[];
  /** Words a refusal for the visitor (the API's words are for developers); `args` when they parsed. */
  explain?: Explain<Outputs<S>>;
};

/** A public server action: `(...args) => { ok: true, …result } | refusal`. */
export const publicAction =
  <const S extends Schemas, T extends object = object>(spec: PublicActionSpec<S, T>) =>
  async (...raw: Inputs<S>): Promise<Outcome<T>> => {
    let result: T;
    let args: Outputs<S> | null = null;
    try {
      const ctx = await publicContext(spec.rule);
      args = parseArgs(spec.args, raw, spec.ids ?? 0) as Outputs<S>;
      await spec.count?.(ctx, ...args);
      result = await spec.run(ctx, ...args);
    } catch (error) {
      const refusal = refusalOf(error, spec.name);
      return spec.explain ? spec.explain(refusal, args) : refusal;
    }
    for (const path of [spec.revalidate?.(...args) ?? []].flat()) revalidatePath(path);
    return { ok: true, ...result };
  };

export type PublicFormActionSpec<S extends Schemas, B extends z.ZodType, T> = {
  name: string;
  rule: PublicRule;
  /** Schemas of the credentials and ids bound before the form's state (not found when they do not parse). */
  ids: S;
  /** The form's inputs and how each becomes service input (see readForm). */
  fields?: Record<string, FieldKind>;
  /** The service's input schema; `shape` turns the form's fields into what it takes. */
  body?: B;
  shape?: (input: Record<string, unknown>) => unknown;
  run: (ctx: PublicCtx, ...args: [...Outputs<S>, z.output<B>]) => Promise<T>;
  revalidate?: (...ids: Outputs<S>) => string | string[];
  /** Words a refusal for the visitor; `ids` when they parsed. */
  explain?: Explain<Outputs<S>>;
  success?: string | ((result: T) => FormSuccess);
};

/**
 * A public form's server action (useActionState): `(...ids, state, formData) => FormState`, read
 * and parsed through `publicAction`; after a refusal the form gets its values back with the
 * messages beside its inputs (`formRefusal`, as the portal's forms).
 */
export const publicFormAction = <const S extends Schemas, B extends z.ZodType = typeof ZNoInput, T = unknown>(spec: PublicFormActionSpec<S, B, T>) => {
  const fields = spec.fields ?? {};
  const formFields = Object.keys(fields);
  const explain = spec.explain;
  const inner = publicAction({
    name: spec.name,
    rule: spec.rule,
    args: [...spec.ids, spec.body ?? ZNoInput] as unknown as Schemas,
    ids: spec.ids.length,
    run: async (ctx, ...args) => ({ result: await (spec.run as (ctx: PublicCtx, ...args: unknown[]) => Promise<T>)(ctx, ...args) }),
    revalidate: spec.revalidate && ((...args) => (spec.revalidate as (...ids: unknown[]) => string | string[])(...args.slice(0, -1))),
    explain: explain && ((refusal, args) => (explain as Explain<unknown[]>)(refusal, args ? args.slice(0, -1) : null)),
  });
  return async (...rest: [...Inputs<S>, FormState, FormData]): Promise<FormState> => {
    const ids = rest.slice(0, spec.ids.length);
    const { input, values } = readForm(rest[rest.length - 1], fields);
    const outcome = await (inner as (...args: unknown[]) => Promise<Outcome<{ result: T }>>)(...ids, input && spec.shape ? spec.shape(input) : input);
    if (!outcome.ok) {
      const { data } = outcome as PublicRefusal;
      return { ...formRefusal(outcome, formFields, values), ...(data ? { data } : {}) };
    }
    const success = typeof spec.success === "function" ? spec.success(outcome.result) : { message: spec.success };
    return { status: "success", errors: {}, ...success };
  };
};
