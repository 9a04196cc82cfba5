import type { DbOrTx } from "@/db/client";
import { tokenOf } from "@/lib/auth/access-tokens";
import { fieldError } from "@/lib/http/errors";
import { createUser, findUserByEmail } from "@/lib/users/create-user";
import { createAccount, upsertMembership } from "./create-account";

/**
 * An operator's new account with its first administrator (CLI). An existing user with that
 * email becomes the administrator; otherwise a user is created with `password`.
 */
export const provisionAccount = async (
  db: DbOrTx,
  input: { accountName: string; adminEmail: string; adminName: string; password: string },
) =>
  db.transaction(async (tx) => {
    const account = await createAccount(tx, { name: input.accountName });
    const existing = await findUserByEmail(tx, input.adminEmail);
    if (!existing && input.password.length < 8) throw fieldError("password", "must be at least 8 characters");
    const user = existing ?? (await createUser(tx, { name: input.adminName, email: input.adminEmail, password: input.password }));
    await upsertMembership(tx, { accountId: account.id, userId: user.id, role: "administrator" });
    return { account, user, created: !existing, token: (await tokenOf(tx, "User", user.id))! };
  });
