import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { createAccount, upsertMembership } from "@/lib/accounts/create-account";
import { insertAgentBot } from "@/lib/agent-bots/agent-bots";
import { issueToken, tokenOf } from "@/lib/auth/access-tokens";
import type { Role } from "@/lib/auth/permissions";
import { createUser } from "@/lib/users/create-user";
import { createPlatformApp } from "@/lib/platform/platform-apps";

const unique = () => randomBytes(4).toString("hex");

export const makeAccount = (name = `Account ${unique()}`) => createAccount(getDb(), { name });

/** A user who is a member of `accountId` with `role`; returns the user and their API token. */
export const makeMember = async (accountId: number, role: Role = "agent", overrides: { email?: string; password?: string } = {}) => {
  const user = await createUser(getDb(), {
    name: `${role} ${unique()}`,
    email: overrides.email ?? `${role}-${unique()}@example.test`,
    password: overrides.password,
  });
  await upsertMembership(getDb(), { accountId, userId: user.id, role });
  return { user, token: (await tokenOf(getDb(), "User", user.id))! };
};

/** An account with one administrator and one agent: the usual cast of a test. */
export const makeTeam = async () => {
  const account = await makeAccount();
  const admin = await makeMember(account.id, "administrator");
  const agent = await makeMember(account.id, "agent");
  return { account, admin, agent };
};

export const makeBot = async (accountId: number | null) => {
  const bot = await insertAgentBot(getDb(), accountId, { name: `Bot ${unique()}` });
  return { bot, token: (await tokenOf(getDb(), "AgentBot", bot.id))! };
};

export const makePlatformApp = async (name = `App ${unique()}`) => {
  const { app, token } = await createPlatformApp(getDb(), name);
  return { app, token };
};

export const rotateUserToken = (userId: number) => issueToken(getDb(), "User", userId);

/** Makes every current member of the account a member of the inbox (agents see only their inboxes' conversations). */
export const joinInbox = (accountId: number, inboxId: number) =>
  getDb().execute(
    sql`insert into inbox_members (account_id, inbox_id, user_id) select account_id, ${inboxId}, user_id from account_users where account_id = ${accountId} on conflict do nothing`,
  );
