import { asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { accountUsers, accounts } from "@/db/schema";
import { tokensOf } from "@/lib/auth/access-tokens";
import type { User, UserCaller } from "@/lib/auth/caller";

type MembershipRow = {
  userId: number;
  accountId: number;
  accountName: string;
  accountStatus: string;
  role: "agent" | "administrator";
  permissions: string[];
  availability: "online" | "offline" | "busy";
  autoOffline: boolean;
  activeAt: Date | null;
  inviterId: number | null;
};

const membershipsOf = (db: DbOrTx, userIds: number[]): Promise<MembershipRow[]> =>
  userIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          userId: accountUsers.userId,
          accountId: accounts.id,
          accountName: accounts.name,
          accountStatus: accounts.status,
          role: accountUsers.role,
          permissions: accountUsers.permissions,
          availability: accountUsers.availability,
          autoOffline: accountUsers.autoOffline,
          activeAt: accountUsers.activeAt,
          inviterId: accountUsers.inviterId,
        })
        .from(accountUsers)
        .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
        .where(anyOf(accountUsers.userId, userIds))
        .orderBy(asc(accounts.id));

export const avatarUrl = (user: Pick<User, "customAttributes">) =>
  typeof user.customAttributes.avatar_url === "string" ? user.customAttributes.avatar_url : "";

const presentOne = (user: User, memberships: MembershipRow[], token: string | null) => {
  const current = memberships[0];
  return {
    id: user.id,
    access_token: token,
    account_id: current?.accountId ?? null,
    available_name: user.displayName || user.name,
    avatar_url: avatarUrl(user),
    confirmed: user.confirmedAt !== null,
    display_name: user.displayName,
    message_signature: user.messageSignature,
    email: user.email,
    hmac_identifier: user.uid,
    inviter_id: current?.inviterId ?? null,
    name: user.name,
    provider: "email",
    pubsub_token: user.pubsubToken,
    role: current?.role ?? null,
    ui_settings: user.uiSettings,
    uid: user.uid,
    type: "User",
    custom_attributes: user.customAttributes,
    accounts: memberships.map((m) => ({
      id: m.accountId,
      name: m.accountName,
      status: m.accountStatus,
      active_at: m.activeAt?.toISOString() ?? null,
      role: m.role,
      permissions: m.permissions,
      availability: m.availability,
      availability_status: m.availability,
      auto_offline: m.autoOffline,
    })),
  };
};

/** Chatwoot's user JSON (profile, Platform API users): memberships and token loaded in two queries. */
export const presentUsers = async (db: DbOrTx, users: User[]) => {
  const ids = users.map((u) => u.id);
  const [memberships, tokens] = await Promise.all([membershipsOf(db, ids), tokensOf(db, "User", ids)]);
  return users.map((user) =>
    presentOne(
      user,
      memberships.filter((m) => m.userId === user.id),
      tokens.get(user.id) ?? null,
    ),
  );
};

export const presentUser = async (db: DbOrTx, user: User) => (await presentUsers(db, [user]))[0]!;

/**
 * `GET /api/v1/profile` for its caller. Through an OAuth token the profile never carries the
 * user's personal access token (a client granted `profile` must not gain every right the user
 * has), and lists the accounts only with the `accounts` scope.
 */
export const presentProfile = async (db: DbOrTx, caller: UserCaller) => {
  const profile = await presentUser(db, caller.user);
  if (!caller.oauth) return profile;
  return { ...profile, access_token: null, accounts: caller.oauth.scopes.includes("accounts") ? profile.accounts : [] };
};
