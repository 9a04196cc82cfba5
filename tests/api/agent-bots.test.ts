import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertAgentBot } from "@/lib/agent-bots/agent-bots";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const base = () => `/api/v1/accounts/${team.account.id}/agent_bots`;

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("agent bots", () => {
  it("lets an administrator create, show, update and delete a bot", async () => {
    const created = await api.post(base(), {
      token: team.admin.token,
      body: { name: "Greeter", description: "Says hello", outgoing_url: "https://bots.example.com/hook", bot_type: 0, bot_config: { lang: "en" } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: "Greeter",
      outgoing_url: "https://bots.example.com/hook",
      bot_type: "webhook",
      bot_config: { lang: "en" },
      account_id: team.account.id,
      system_bot: false,
      access_token: expect.any(String),
    });
    const id = created.body.id;
    expect((await api.get(`${base()}/${id}`, { token: team.admin.token })).body.name).toBe("Greeter");
    const updated = await api.patch(`${base()}/${id}`, { token: team.admin.token, body: { agent_bot: { name: "Greeter 2", outgoing_url: null } } });
    expect(updated.body).toMatchObject({ name: "Greeter 2", outgoing_url: null, description: "Says hello" });
    const deleted = await api.delete(`${base()}/${id}`, { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect((await api.get(`${base()}/${id}`, { token: team.admin.token })).status).toBe(404);
    // A deleted bot's token is dead too.
    expect((await api.get(`/api/v1/accounts/${team.account.id}`, { token: created.body.access_token })).status).toBe(401);
  });

  it("rotates a bot's token", async () => {
    const created = await api.post(base(), { token: team.admin.token, body: { name: "Rotator" } });
    const rotated = await api.post(`${base()}/${created.body.id}/reset_access_token`, { token: team.admin.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.access_token).not.toBe(created.body.access_token);
  });

  it("shows agents the bots but not their tokens, and refuses their writes with 401", async () => {
    await api.post(base(), { token: team.admin.token, body: { name: "Visible" } });
    const list = await api.get(base(), { token: team.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((b: Record<string, unknown>) => !("access_token" in b) && !("secret" in b))).toBe(true);
    expect((await api.post(base(), { token: team.agent.token, body: { name: "Nope" } })).status).toBe(401);
  });

  it("lists system bots beside the account's own, read-only", async () => {
    const system = await insertAgentBot(getDb(), null, { name: "System Helper" });
    const list = await api.get(base(), { token: team.admin.token });
    const found = list.body.find((b: { id: number }) => b.id === system.id);
    expect(found).toMatchObject({ system_bot: true, account_id: null });
    expect(found).not.toHaveProperty("access_token");
    expect((await api.patch(`${base()}/${system.id}`, { token: team.admin.token, body: { name: "Mine" } })).status).toBe(404);
  });

  it("answers 404 for another account's bot", async () => {
    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/agent_bots`, { token: other.admin.token, body: { name: "Theirs" } });
    for (const res of [
      await api.get(`${base()}/${theirs.body.id}`, { token: team.admin.token }),
      await api.patch(`${base()}/${theirs.body.id}`, { token: team.admin.token, body: { name: "Stolen" } }),
      await api.delete(`${base()}/${theirs.body.id}`, { token: team.admin.token }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await api.get(`/api/v1/accounts/${other.account.id}/agent_bots/${theirs.body.id}`, { token: other.admin.token })).body.name).toBe("Theirs");
  });

  it("names invalid fields with 422", async () => {
    const res = await api.post(base(), { token: team.admin.token, body: { outgoing_url: "ftp://x", bot_type: "magic" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["bot_type", "name", "outgoing_url"]);
  });
});
