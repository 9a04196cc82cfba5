import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const base = () => `/api/v1/accounts/${team.account.id}/agents`;

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("agents", () => {
  it("lists the account's members in Chatwoot's agent shape", async () => {
    const res = await api.get(base(), { token: team.agent.token });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { id: number }) => a.id).sort()).toEqual([team.admin.user.id, team.agent.user.id].sort());
    expect(res.body[0]).toEqual({
      id: expect.any(Number),
      account_id: team.account.id,
      availability_status: "online",
      auto_offline: true,
      confirmed: true,
      email: expect.any(String),
      provider: "email",
      available_name: expect.any(String),
      name: expect.any(String),
      role: expect.stringMatching(/^(agent|administrator)$/),
      thumbnail: "",
      custom_role_id: null,
    });
  });

  it("lets an administrator add a new agent, change them and remove them", async () => {
    const created = await api.post(base(), {
      token: team.admin.token,
      body: { agent: { name: "Nora Planner", email: "Nora@Example.test", role: "agent", availability: "busy" } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "Nora Planner", email: "nora@example.test", role: "agent", availability_status: "busy" });

    const updated = await api.patch(`${base()}/${created.body.id}`, {
      token: team.admin.token,
      body: { role: "administrator", availability: "offline", auto_offline: false, name: "Nora P." },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ role: "administrator", availability_status: "offline", auto_offline: false, name: "Nora P." });

    const removed = await api.delete(`${base()}/${created.body.id}`, { token: team.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe("");
    const list = await api.get(base(), { token: team.admin.token });
    expect(list.body.find((a: { id: number }) => a.id === created.body.id)).toBeUndefined();
  });

  it("adds an existing user of another account without touching that membership", async () => {
    const res = await api.post(base(), { token: team.admin.token, body: { name: "ignored", email: other.agent.user.email, role: "agent" } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(other.agent.user.id);
    await api.delete(`${base()}/${other.agent.user.id}`, { token: team.admin.token });
    const theirs = await api.get(`/api/v1/accounts/${other.account.id}/agents`, { token: other.admin.token });
    expect(theirs.body.map((a: { id: number }) => a.id)).toContain(other.agent.user.id);
    expect((await api.get("/api/v1/profile", { token: other.agent.token })).status).toBe(200);
  });

  it("refuses a second membership for the same email", async () => {
    const res = await api.post(base(), { token: team.admin.token, body: { name: "Dup", email: team.agent.user.email } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: "email", code: "taken" });
  });

  it("refuses agents' writes with 403", async () => {
    expect((await api.post(base(), { token: team.agent.token, body: { name: "X", email: "x@example.test" } })).status).toBe(403);
    expect((await api.patch(`${base()}/${team.admin.user.id}`, { token: team.agent.token, body: { role: "agent" } })).status).toBe(403);
    expect((await api.delete(`${base()}/${team.admin.user.id}`, { token: team.agent.token })).status).toBe(403);
  });

  it("answers 404 for a user who is not a member of this account", async () => {
    expect((await api.patch(`${base()}/${other.admin.user.id}`, { token: team.admin.token, body: { role: "agent" } })).status).toBe(404);
    expect((await api.delete(`${base()}/${other.admin.user.id}`, { token: team.admin.token })).status).toBe(404);
    const theirs = await api.get(`/api/v1/accounts/${other.account.id}/agents`, { token: other.admin.token });
    expect(theirs.body.find((a: { id: number }) => a.id === other.admin.user.id).role).toBe("administrator");
  });

  it("keeps the last administrator", async () => {
    const solo = await makeTeam();
    const path = `/api/v1/accounts/${solo.account.id}/agents/${solo.admin.user.id}`;
    const demote = await api.patch(path, { token: solo.admin.token, body: { role: "agent" } });
    expect(demote.status).toBe(422);
    expect(demote.body.errors[0].field).toBe("role");
    expect((await api.delete(path, { token: solo.admin.token })).status).toBe(422);
  });

  it("names invalid fields with 422", async () => {
    const res = await api.post(base(), { token: team.admin.token, body: { email: "nope", role: "owner" } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "name", "role"]);
  });
});
