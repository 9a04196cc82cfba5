import { randomBytes } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { users } from "@/db/schema";
import { issueToken } from "@/lib/auth/access-tokens";
import { hashNewPassword } from "@/lib/auth/passwords";
import { fieldError } from "@/lib/http/errors";

export type NewUser = {
  name: string;
  email: string;
  password?: string;
  displayName?: string | null;
  customAttributes?: Record<string, unknown>;
};

export const findUserByEmail = async (db: DbOrTx, email: string) =>
  (await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0];

/** Emails are unique regardless of case: 422 `taken` when another user has this one. */
export const ensureEmailFree = async (db: DbOrTx, email: string, exceptUserId: number) => {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, exceptUserId)));
  if (taken) throw fieldError("email", "has already been taken", "taken");
};

/** Creates a confirmed user with its API access token. Callers check the email is free. */
export const createUser = async (db: DbOrTx, input: NewUser) => {
  const [user] = await db
    .insert(users)
    .values({
      name: input.name,
      displayName: input.displayName ?? null,
      email: input.email.toLowerCase(),
      passwordHash: input.password ? await hashNewPassword(input.password, input.email) : null,
      uid: input.email.toLowerCase(),
      pubsubToken: randomBytes(18).toString("base64url"),
      customAttributes: input.customAttributes ?? {},
      confirmedAt: new Date(),
    })
    .returning();
  await issueToken(db, "User", user!.id);
  return user!;
};
