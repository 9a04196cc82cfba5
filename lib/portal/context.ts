import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/db/client";
import { portalContext, requireSessionCaller } from "@/lib/auth/session";
import type { AccountCtx } from "@/lib/auth/caller";
import { isAdministrator } from "@/lib/auth/permissions";
import { textProblem } from "@/lib/http/input";
import { presentUser } from "@/lib/users/present";

/**
 * The account context for one render: the layout and the page both ask, and share one answer.
 * Non-members get a 404, signed-out visitors go to /login.
 */
export const pageContext = cache((accountId: string) => portalContext(accountId));

/** Whether the page should offer administrator-only controls (the services refuse them anyway). */
export const isAdmin = (ctx: AccountCtx) => ctx.membership !== null && isAdministrator(ctx.membership);

/** The signed-in user as the profile API presents them, with every account they belong to. */
export const currentUser = cache(async (accountId: string) => {
  const ctx = await pageContext(accountId);
  return presentUser(ctx.db, ctx.caller.user);
});

/** The signed-in user and their accounts, before any account is chosen (`/app`). */
export const signedInUser = async () => presentUser(getDb(), (await requireSessionCaller()).user);

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A search parameter as pages read it: its first value. Text PostgreSQL cannot store (a NUL, a
 * lone surrogate) reads as no value, as any value a page cannot use falls back to its default.
 */
export const firstParam = (value: string | string[] | undefined): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return first !== undefined && textProblem(first) === null ? first : undefined;
};

/**
 * The app's public address as a page builds absolute links with it (feeds, the MCP URL, the OAuth
 * issuer): APP_URL, else the address this page was requested on.
 */
export const pageBaseUrl = async () => {
  const request = await headers();
  const host = request.get("x-forwarded-host") ?? request.get("host") ?? "localhost";
  const protocol = request.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? `${protocol}://${host}`).replace(/\/+$/, "");
};
