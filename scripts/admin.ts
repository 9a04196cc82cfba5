// `npm run admin -- <command>`: operator tasks against the configured database.
import { parseArgs } from "node:util";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { provisionAccount } from "@/lib/accounts/provision-account";
import { generateToken } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/http/errors";
import { rotateSigningKeys } from "@/lib/oauth/keys";
import { createPlatformApp } from "@/lib/platform/platform-apps";
import { openDatabase } from "./database";

const usage = `Usage:
  npm run admin -- create-platform-app --name "<app name>"
  npm run admin -- create-account --name "<account name>" --admin-email <email> --admin-name "<name>" [--admin-password <password>]
  npm run admin -- rotate-oauth-keys

Uses DATABASE_URL, or the embedded database in DATA_DIR (the running app's, if it is up).`;

const main = async () => {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: "string" },
      "admin-email": { type: "string" },
      "admin-name": { type: "string" },
      "admin-password": { type: "string" },
    },
  });
  if (command !== "create-platform-app" && command !== "create-account" && command !== "rotate-oauth-keys") {
    console.error(usage);
    process.exit(2);
  }
  const needsName = command === "create-platform-app" || command === "create-account";
  if ((needsName && !values.name) || (command === "create-account" && (!values["admin-email"] || !values["admin-name"]))) {
    console.error(usage);
    process.exit(2);
  }

  const database = await openDatabase({ attach: true });
  const db = createDb(database.url, { max: 2 });
  try {
    await runMigrations(database.url);
    if (command === "rotate-oauth-keys") {
      // The old key stays published (and verifies its tokens) until they have all expired.
      console.log(`OAuth signing key ${await rotateSigningKeys(db)} now signs access tokens`);
    } else if (command === "create-platform-app") {
      const { app, token } = await createPlatformApp(db, values.name!);
      console.log(`Platform app ${app.id}: ${app.name}`);
      console.log(`Platform app token: ${token}`);
    } else {
      const password = values["admin-password"] ?? generateToken().slice(0, 16);
      const result = await provisionAccount(db, {
        accountName: values.name!,
        adminEmail: values["admin-email"]!,
        adminName: values["admin-name"]!,
        password,
      });
      console.log(`Account ${result.account.id}: ${result.account.name}`);
      console.log(`Administrator: ${result.user.email}${result.created ? ` / ${password}` : " (existing user)"}`);
      console.log(`API access token: ${result.token}`);
    }
  } catch (error) {
    console.error(error instanceof ApiError ? `${error.message}` : error);
    process.exitCode = 1;
  } finally {
    await db.$client.end();
    await database.embedded?.stop();
  }
};

void main();
