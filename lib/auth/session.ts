import { eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { maxRecordId } from "@/lib/http/schemas";
import { accountContext, type AccountCtx, type UserCaller } from "./caller";
import { authOptions } from "./next-auth";

/** The signed-in browser user as the same `user` caller an API token resolves to, or null. */
export const sessionCaller = async (): Promise<UserCaller | null> => {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: number } | undefined)?.id;
  if (!id) return null;
  const [user] = await getDb().select().from(users).where(eq(users.id, id));
  return user ? { kind: "user", user } : null;
};

/** The sign-in page, told to return to the portal page that was asked for (proxy.ts names it). */
const signInPath = async () => {
  const requested = (await headers()).get("x-venuedesk-requested-path");
  return requested ? `/login?${new URLSearchParams({ callbackUrl: requested })}` : "/login";
};

export const requireSessionCaller = async (): Promise<UserCaller> => (await sessionCaller()) ?? redirect(await signInPath());

/**
 * For portal pages and server actions under /app/accounts/{account_id}: the same account
 * context the API builds, so every rule the services enforce applies to the portal too.
 */
export const portalContext = async (accountId: number | string): Promise<AccountCtx<UserCaller>> => {
  const caller = await requireSessionCaller();
  const id = Number(accountId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > maxRecordId) notFound();
  try {
    return await accountContext(getDb(), caller, id);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
};
