import type { DbOrTx } from "@/db/client";
import { accountUsers, accounts } from "@/db/schema";
import type { Role } from "@/lib/auth/permissions";

export type NewAccount = {
  name: string;
  locale?: string;
  domain?: string | null;
  supportEmail?: string | null;
  status?: "active" | "suspended";
  features?: Record<string, boolean>;
  limits?: Record<string, unknown>;
  customAttributes?: Record<string, unknown>;
};

export const createAccount = async (db: DbOrTx, input: NewAccount) => {
  const [account] = await db
    .insert(accounts)
    .values({
      name: input.name,
      locale: input.locale ?? "en",
      domain: input.domain ?? null,
      supportEmail: input.supportEmail ?? null,
      status: input.status ?? "active",
      features: input.features ?? {},
      limits: input.limits ?? {},
      customAttributes: input.customAttributes ?? {},
    })
    .returning();
  return account!;
};

/** Adds a user to an account, or changes the role of one who already is a member. */
export const upsertMembership = async (
  db: DbOrTx,
  input: { accountId: number; userId: number; role: Role; inviterId?: number | null; availability?: "online" | "offline" | "busy"; autoOffline?: boolean },
) => {
  const [membership] = await db
    .insert(accountUsers)
    .values({
      accountId: input.accountId,
      userId: input.userId,
      role: input.role,
      inviterId: input.inviterId ?? null,
      availability: input.availability ?? "online",
      autoOffline: input.autoOffline ?? true,
      activeAt: new Date(),
    })
    .onConflictDoUpdate({ target: [accountUsers.accountId, accountUsers.userId], set: { role: input.role, updatedAt: new Date() } })
    .returning();
  return membership!;
};
