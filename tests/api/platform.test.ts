import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { callerFromToken } from "@/lib/auth/caller";
import { verifyPassword } from "@/lib/auth/passwords";
import { redeemSsoToken } from "@/lib/auth/sso";
import { api } from "../helpers/app";
import { makeBot, makePlatformApp, makeTeam } from "../helpers/factories";

type App = Awaited<ReturnType<typeof makePlatformApp>>;

let app: App;
let rival: App;
let team: Awaited<ReturnType<typeof makeTeam>>;

const unique = () => Math.random().toString(36).slice(2, 10);
const as = (who: App) => ({ token: who.token });

const createAccount = async (who: App, body: Record<string, unknown> = {}) => {
  const res = await api.post("/platform/api/v1/accounts", { ...as(who), body: { name: `Acme ${unique()}`, ...body } });
  expect(res.status).toBe(200);
  return res.body as { id: number; name: string };
};

const createUser = async (who: App, body: Record<string, unknown> = {}) => {
  const res = await api.post("/platform/api/v1/users", {
    ...as(who),
    body: { name: "Pat Doe", email: `pat-${unique()}@example.test`, password: "Secret-123", ...body },
  });
  expect(res.status).toBe(200);
  return res.body as { id: number; email: string; access_token: string };
};

const expectNonPermissible = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ error: "Non permissible resource", description: "Non permissible resource", errors: [] });
};

const fieldsOf = (res: { body: { errors: { field: string; code: string }[] } }) => res.body.errors.map((e) => [e.field, e.code]);

beforeAll(async () => {
  app = await makePlatformApp();
  rival = await makePlatformApp();
  team = await makeTeam();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("platform API authentication", () => {
  it("refuses a request without a token", async () => {
    const res = await api.get("/platform/api/v1/accounts");
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "Invalid access_token" });
  });

  it("refuses an unknown token", async () => {
    const res = await api.get("/platform/api/v1/accounts", { token: "not-a-token" });
    expect(res.status).toBe(401);
  });

  it("refuses a user's access token", async () => {
    const res = await api.get("/platform/api/v1/accounts", { token: team.admin.token });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ description: expect.any(String), errors: [] });
  });

  it("refuses an agent bot's token", async () => {
    const { token } = await makeBot(team.account.id);
    const res = await api.post("/platform/api/v1/users", { token, body: { name: "X", email: `x-${unique()}@example.test` } });
    expect(res.status).toBe(401);
  });

  it("does not accept a platform app token on the Application API", async () => {
    const res = await api.get(`/api/v1/accounts/${team.account.id}`, as(app));
    expect(res.status).toBe(401);
  });
});

describe("platform accounts", () => {
  it("creates, shows, updates and deletes an account", async () => {
    const created = await api.post("/platform/api/v1/accounts", {
      ...as(app),
      body: {
        name: "Grand Hall",
        locale: "pt_BR",
        domain: "grand.example.test",
        support_email: "Help@Grand.Example.test",
        features: { quotes: true, reports: false },
        limits: { agents: 5 },
        custom_attributes: { plan: "gold" },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Grand Hall",
      locale: "pt_BR",
      domain: "grand.example.test",
      support_email: "help@grand.example.test",
      features: { quotes: true, reports: false },
      custom_attributes: { plan: "gold" },
      limits: { agents: 5 },
      status: "active",
    });
    const url = `/platform/api/v1/accounts/${created.body.id}`;

    const shown = await api.get(url, as(app));
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);

    const updated = await api.patch(url, {
      ...as(app),
      body: {
        name: "Grand Hall II",
        status: "suspended",
        features: { reports: true },
        limits: { inboxes: 2 },
        custom_attributes: { region: "eu" },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Grand Hall II",
      locale: "pt_BR",
      status: "suspended",
      features: { quotes: true, reports: true },
      limits: { agents: 5, inboxes: 2 },
      custom_attributes: { plan: "gold", region: "eu" },
    });

    const wrapped = await api.patch(url, { ...as(app), body: { account: { name: "Wrapped" } } });
    expect(wrapped.body).toMatchObject({ name: "Wrapped", status: "suspended" });

    const deleted = await api.delete(url, as(app));
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expectNonPermissible(await api.get(url, as(app)));
    const list = await api.get("/platform/api/v1/accounts", as(app));
    expect(list.body.map((a: { id: number }) => a.id)).not.toContain(created.body.id);
  });

  it("lists only the accounts this app created", async () => {
    const mine = await createAccount(app);
    const theirs = await createAccount(rival);
    const list = await api.get("/platform/api/v1/accounts", as(app));
    expect(list.status).toBe(200);
    const ids = list.body.map((a: { id: number }) => a.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(team.account.id);
  });

  it("answers 401 Non permissible for another app's account and leaves it untouched", async () => {
    const theirs = await createAccount(rival, { name: "Theirs" });
    const url = `/platform/api/v1/accounts/${theirs.id}`;
    expectNonPermissible(await api.get(url, as(app)));
    expectNonPermissible(await api.patch(url, { ...as(app), body: { name: "Mine now" } }));
    expectNonPermissible(await api.delete(url, as(app)));
    expectNonPermissible(await api.get(`${url}/account_users`, as(app)));
    expectNonPermissible(await api.get(`/platform/api/v1/accounts/${team.account.id}`, as(app)));
    const still = await api.get(url, as(rival));
    expect(still.body).toMatchObject({ name: "Theirs" });
  });

  it("answers 401 for an id that names no account, and 404 for a malformed one", async () => {
    expectNonPermissible(await api.get("/platform/api/v1/accounts/999999", as(app)));
    expectNonPermissible(await api.delete("/platform/api/v1/accounts/999999", as(app)));
    expect((await api.get("/platform/api/v1/accounts/abc", as(app))).status).toBe(404);
  });

  it("names the invalid fields with 422", async () => {
    const res = await api.post("/platform/api/v1/accounts", {
      ...as(app),
      body: { status: "closed", support_email: "nope", locale: "english", features: { quotes: "maybe" } },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        ["name", "required"],
        ["status", "invalid"],
        ["support_email", "invalid"],
        ["locale", "invalid"],
        ["features.quotes", "invalid"],
      ]),
    );
  });

  it("answers 400 for a malformed JSON body", async () => {
    const res = await api.post("/platform/api/v1/accounts", { ...as(app), raw: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ description: expect.any(String), errors: [] });
  });

  it("answers 405 for a method the route does not handle", async () => {
    const account = await createAccount(app);
    const res = await api.put(`/platform/api/v1/accounts/${account.id}`, { ...as(app), body: { name: "x" } });
    expect(res.status).toBe(405);
  });

  it("deletes the account's bots and revokes their tokens with it", async () => {
    const account = await createAccount(app);
    const bot = await api.post("/platform/api/v1/agent_bots", { ...as(app), body: { name: "Doomed", account_id: account.id } });
    expect(bot.status).toBe(200);
    expect((await api.delete(`/platform/api/v1/accounts/${account.id}`, as(app))).status).toBe(200);
    await expect(callerFromToken(getDb(), bot.body.access_token)).rejects.toMatchObject({ status: 401 });
    expectNonPermissible(await api.get(`/platform/api/v1/agent_bots/${bot.body.id}`, as(app)));
  });
});

describe("platform account users", () => {
  it("adds, lists, re-roles and removes a member, who can then reach the account with their own token", async () => {
    const account = await createAccount(app);
    const user = await createUser(app);
    const base = `/platform/api/v1/accounts/${account.id}/account_users`;

    const added = await api.post(base, { ...as(app), body: { user_id: user.id, role: "administrator" } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ account_id: account.id, user_id: user.id, role: "administrator" });

    const token = await api.post(`/platform/api/v1/users/${user.id}/token`, as(app));
    const seen = await api.get(`/api/v1/accounts/${account.id}`, { token: token.body.access_token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: account.id });

    const kept = await api.post(base, { ...as(app), body: { user_id: user.id } });
    expect(kept.body).toMatchObject({ id: added.body.id, role: "administrator" });
    const demoted = await api.post(base, { ...as(app), body: { account_user: { user_id: String(user.id), role: "agent" } } });
    expect(demoted.body).toMatchObject({ id: added.body.id, role: "agent" });

    const list = await api.get(base, as(app));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ account_id: account.id, user_id: user.id, role: "agent" })]);

    const removed = await api.delete(base, { ...as(app), body: { user_id: user.id } });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe("");
    expect((await api.get(base, as(app))).body).toEqual([]);
    expect((await api.get(`/api/v1/accounts/${account.id}`, { token: token.body.access_token })).status).toBe(404);
  });

  it("gives a new member the agent role when none is given", async () => {
    const account = await createAccount(app);
    const user = await createUser(app);
    const added = await api.post(`/platform/api/v1/accounts/${account.id}/account_users`, { ...as(app), body: { user_id: user.id } });
    expect(added.body).toMatchObject({ role: "agent" });
  });

  it("answers an unknown user_id and another app's user alike, with 404, and changes nothing", async () => {
    const account = await createAccount(app);
    const base = `/platform/api/v1/accounts/${account.id}/account_users`;
    // Another account's administrator, created by another app: the defect let any app attach them.
    const rivalAccount = await createAccount(rival);
    const theirAdmin = await createUser(rival);
    await api.post(`/platform/api/v1/accounts/${rivalAccount.id}/account_users`, { ...as(rival), body: { user_id: theirAdmin.id, role: "administrator" } });
    const unknownId = theirAdmin.id + 100_000;
    for (const method of ["post", "delete"] as const) {
      const missing = await api[method](base, { ...as(app), body: { user_id: unknownId, role: "agent" } });
      const foreign = await api[method](base, { ...as(app), body: { user_id: theirAdmin.id, role: "administrator" } });
      expect([missing.status, foreign.status]).toEqual([404, 404]);
      expect(foreign.body).toEqual(missing.body);
    }
    expect((await api.get(base, as(app))).body).toEqual([]);
    const theirs = await api.get(`/platform/api/v1/accounts/${rivalAccount.id}/account_users`, as(rival));
    expect(theirs.body).toMatchObject([{ user_id: theirAdmin.id, role: "administrator" }]);
  });

  it("names role with 422 when it is unknown", async () => {
    const account = await createAccount(app);
    const base = `/platform/api/v1/accounts/${account.id}/account_users`;
    const user = await createUser(app);
    const badRole = await api.post(base, { ...as(app), body: { user_id: user.id, role: "owner" } });
    expect(badRole.status).toBe(422);
    expect(fieldsOf(badRole)).toEqual([["role", "invalid"]]);
    const noUser = await api.delete(base, { ...as(app), body: {} });
    expect(noUser.status).toBe(422);
    expect(fieldsOf(noUser)).toEqual([["user_id", "required"]]);
  });

  it("refuses to change the members of another app's account", async () => {
    const theirs = await createAccount(rival);
    const user = await createUser(app);
    const res = await api.post(`/platform/api/v1/accounts/${theirs.id}/account_users`, {
      ...as(app),
      body: { user_id: user.id, role: "administrator" },
    });
    expectNonPermissible(res);
    expect((await api.get(`/platform/api/v1/accounts/${theirs.id}/account_users`, as(rival))).body).toEqual([]);
  });
});

describe("platform users", () => {
  it("creates a confirmed user with a token and custom attributes", async () => {
    const email = `new-${unique()}@example.test`;
    const res = await api.post("/platform/api/v1/users", {
      ...as(app),
      body: { name: "Sam Poe", display_name: "Sam", email: email.toUpperCase(), password: "Secret-123", custom_attributes: { crm_id: 7 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: "Sam Poe",
      display_name: "Sam",
      available_name: "Sam",
      email,
      confirmed: true,
      access_token: expect.any(String),
      pubsub_token: expect.any(String),
      custom_attributes: { crm_id: 7 },
      accounts: [],
    });
    const profile = await api.get("/api/v1/profile", { token: res.body.access_token });
    expect(profile.body).toMatchObject({ id: res.body.id, email });
  });

  it("returns the app's own user again for a known email, unchanged", async () => {
    const user = await createUser(app, { custom_attributes: { source: "app" } });
    const found = await api.post("/platform/api/v1/users", {
      ...as(app),
      body: { name: "Someone Else", email: user.email.toUpperCase(), custom_attributes: { source: "other" } },
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: user.id, name: "Pat Doe", custom_attributes: { source: "app" } });
  });

  it("refuses to hand another app's user to a second app by email", async () => {
    const user = await createUser(rival, { custom_attributes: { source: "rival" } });
    const claimed = await api.post("/platform/api/v1/users", { ...as(app), body: { name: "Thief", email: user.email } });
    expect(claimed.status).toBe(422);
    expect(fieldsOf(claimed)).toEqual([["email", "taken"]]);
    expectNonPermissible(await api.get(`/platform/api/v1/users/${user.id}`, as(app)));
    expectNonPermissible(await api.post(`/platform/api/v1/users/${user.id}/token`, as(app)));
  });

  it("needs a name to create a user", async () => {
    const missing = await api.post("/platform/api/v1/users", { ...as(app), body: { email: `nobody-${unique()}@example.test` } });
    expect(missing.status).toBe(422);
    expect(fieldsOf(missing)).toEqual([["name", "required"]]);
  });

  it("merges custom attributes, changes the email and the password on PATCH", async () => {
    const user = await createUser(app, { custom_attributes: { a: 1, b: 2 } });
    const email = `changed-${unique()}@example.test`;
    const res = await api.patch(`/platform/api/v1/users/${user.id}`, {
      ...as(app),
      body: { name: "Pat Changed", email, password: "Another-456", custom_attributes: { b: 3, c: 4 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: "Pat Changed", email, uid: email, custom_attributes: { a: 1, b: 3, c: 4 } });
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword("Another-456", row!.passwordHash)).toBe(true);
    expect(await verifyPassword("Secret-123", row!.passwordHash)).toBe(false);
  });

  it("refuses an email another user has with 422 taken", async () => {
    const first = await createUser(app);
    const second = await createUser(app);
    const res = await api.patch(`/platform/api/v1/users/${second.id}`, { ...as(app), body: { email: first.email.toUpperCase() } });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual([["email", "taken"]]);
    const same = await api.patch(`/platform/api/v1/users/${second.id}`, { ...as(app), body: { email: second.email } });
    expect(same.status).toBe(200);
  });

  it("names the invalid fields with 422", async () => {
    const res = await api.post("/platform/api/v1/users", {
      ...as(app),
      body: { name: "", email: "not-an-email", password: "short", custom_attributes: [] },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        ["name", "invalid"],
        ["email", "invalid"],
        ["password", "invalid"],
        ["custom_attributes", "invalid"],
      ]),
    );
  });

  it("deletes a user: memberships go, the token stops working and the id is no longer permissible", async () => {
    const account = await createAccount(app);
    const user = await createUser(app);
    await api.post(`/platform/api/v1/accounts/${account.id}/account_users`, { ...as(app), body: { user_id: user.id } });
    const res = await api.delete(`/platform/api/v1/users/${user.id}`, as(app));
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await api.get("/api/v1/profile", { token: user.access_token })).status).toBe(401);
    expectNonPermissible(await api.get(`/platform/api/v1/users/${user.id}`, as(app)));
    expect((await api.get(`/platform/api/v1/accounts/${account.id}/account_users`, as(app))).body).toEqual([]);
  });

  it("refuses another app's user and an unknown user id with 401", async () => {
    const theirs = await createUser(rival);
    const url = `/platform/api/v1/users/${theirs.id}`;
    expectNonPermissible(await api.patch(url, { ...as(app), body: { name: "Hijacked" } }));
    expectNonPermissible(await api.delete(url, as(app)));
    expectNonPermissible(await api.get(`${url}/login`, as(app)));
    expectNonPermissible(await api.post(`${url}/token`, as(app)));
    expectNonPermissible(await api.get("/platform/api/v1/users/999999", as(app)));
    expectNonPermissible(await api.get(`/platform/api/v1/users/${team.admin.user.id}`, as(app)));
    expect((await api.get(url, as(rival))).body).toMatchObject({ name: "Pat Doe" });
  });

  it("gives a one-time login link whose token signs the user in exactly once", async () => {
    vi.stubEnv("APP_URL", "https://desk.example.test/");
    const user = await createUser(app, { email: `sso+${unique()}@example.test` });
    const res = await api.get(`/platform/api/v1/users/${user.id}/login`, as(app));
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://desk.example.test/login");
    expect(url.searchParams.get("email")).toBe(user.email);
    const token = url.searchParams.get("sso_auth_token")!;
    expect(token).toBeTruthy();
    const signedIn = await redeemSsoToken(getDb(), user.email, token);
    expect(signedIn?.id).toBe(user.id);
    expect(await redeemSsoToken(getDb(), user.email, token)).toBeNull();
  });

  it("builds the login link from the request's origin when no URL is configured", async () => {
    vi.stubEnv("APP_URL", undefined);
    vi.stubEnv("NEXTAUTH_URL", undefined);
    const user = await createUser(app);
    const res = await api.get(`/platform/api/v1/users/${user.id}/login`, as(app));
    expect(res.body.url).toMatch(/^http:\/\/localhost\/login\?email=/);
  });

  it("returns the user's token, which works on the Application API", async () => {
    const user = await createUser(app, { display_name: "Tok" });
    const res = await api.post(`/platform/api/v1/users/${user.id}/token`, as(app));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: user.access_token,
      expiry: null,
      user: { id: user.id, name: "Pat Doe", display_name: "Tok", email: user.email, pubsub_token: expect.any(String) },
    });
    const profile = await api.get("/api/v1/profile", { token: res.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: user.id });
  });
});

describe("platform agent bots", () => {
  it("creates, lists, shows, updates and deletes a bot", async () => {
    const account = await createAccount(app);
    const created = await api.post("/platform/api/v1/agent_bots", {
      ...as(app),
      body: {
        name: "Concierge",
        description: "Answers FAQs",
        outgoing_url: "https://bots.example.test/hook",
        account_id: account.id,
        avatar_url: "https://bots.example.test/a.png",
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      name: "Concierge",
      description: "Answers FAQs",
      outgoing_url: "https://bots.example.test/hook",
      account_id: account.id,
      thumbnail: "https://bots.example.test/a.png",
      access_token: expect.any(String),
      bot_type: "webhook",
      system_bot: false,
    });
    const url = `/platform/api/v1/agent_bots/${created.body.id}`;

    const global = await api.post("/platform/api/v1/agent_bots", { ...as(app), body: { agent_bot: { name: "Everywhere" } } });
    expect(global.body).toMatchObject({ account_id: null, system_bot: true });
    const theirs = await api.post("/platform/api/v1/agent_bots", { ...as(rival), body: { name: "Rival bot" } });

    const list = await api.get("/platform/api/v1/agent_bots", as(app));
    expect(list.status).toBe(200);
    const ids = list.body.map((b: { id: number }) => b.id);
    expect(ids).toEqual(expect.arrayContaining([created.body.id, global.body.id]));
    expect(ids).not.toContain(theirs.body.id);

    const shown = await api.get(url, as(app));
    expect(shown.body).toMatchObject({ id: created.body.id, access_token: created.body.access_token });

    const updated = await api.patch(url, {
      ...as(app),
      body: { name: "Concierge 2", outgoing_url: "https://bots.example.test/v2", account_id: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Concierge 2",
      description: "Answers FAQs",
      outgoing_url: "https://bots.example.test/v2",
      account_id: null,
    });
    const moved = await api.patch(url, { ...as(app), body: { account_id: account.id } });
    expect(moved.body).toMatchObject({ name: "Concierge 2", account_id: account.id });

    const deleted = await api.delete(url, as(app));
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expectNonPermissible(await api.get(url, as(app)));
    await expect(callerFromToken(getDb(), created.body.access_token)).rejects.toMatchObject({ status: 401 });
  });

  it("refuses an account the app does not own with 401, on create and on update", async () => {
    const theirs = await createAccount(rival);
    const created = await api.post("/platform/api/v1/agent_bots", { ...as(app), body: { name: "Sneaky", account_id: theirs.id } });
    expectNonPermissible(created);
    const teams = await api.post("/platform/api/v1/agent_bots", { ...as(app), body: { name: "Sneaky", account_id: team.account.id } });
    expectNonPermissible(teams);

    const mine = await api.post("/platform/api/v1/agent_bots", { ...as(app), body: { name: "Mine" } });
    const url = `/platform/api/v1/agent_bots/${mine.body.id}`;
    expectNonPermissible(await api.patch(url, { ...as(app), body: { name: "Moved", account_id: theirs.id } }));
    expect((await api.get(url, as(app))).body).toMatchObject({ name: "Mine", account_id: null });
  });

  it("refuses another app's bot, an account's own bot and an unknown id with 401", async () => {
    const theirs = await api.post("/platform/api/v1/agent_bots", { ...as(rival), body: { name: "Theirs" } });
    const url = `/platform/api/v1/agent_bots/${theirs.body.id}`;
    expectNonPermissible(await api.get(url, as(app)));
    expectNonPermissible(await api.patch(url, { ...as(app), body: { name: "Mine" } }));
    expectNonPermissible(await api.delete(url, as(app)));
    const { bot } = await makeBot(team.account.id);
    expectNonPermissible(await api.get(`/platform/api/v1/agent_bots/${bot.id}`, as(app)));
    expectNonPermissible(await api.get("/platform/api/v1/agent_bots/999999", as(app)));
    expect((await api.get(url, as(rival))).body).toMatchObject({ name: "Theirs" });
  });

  it("names the invalid fields with 422", async () => {
    const res = await api.post("/platform/api/v1/agent_bots", {
      ...as(app),
      body: { outgoing_url: "ftp://bots.example.test", account_id: "abc", avatar_url: "not a url" },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        ["name", "required"],
        ["outgoing_url", "invalid"],
        ["account_id", "invalid"],
        ["avatar_url", "invalid"],
      ]),
    );
  });
});
