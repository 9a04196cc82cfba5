import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeAccount, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;

beforeAll(async () => {
  team = await makeTeam();
});

describe("profile", () => {
  it("shows the user with their token and every account membership", async () => {
    const second = await makeAccount("Second Venue");
    const member = await makeMember(team.account.id, "agent", { password: "first-pass-1" });
    const { upsertMembership } = await import("@/lib/accounts/create-account");
    const { getDb } = await import("@/db/client");
    await upsertMembership(getDb(), { accountId: second.id, userId: member.user.id, role: "administrator" });

    const res = await api.get("/api/v1/profile", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: member.user.id, access_token: member.token, email: member.user.email, type: "User", role: "agent" });
    expect(res.body.accounts.map((a: { id: number; role: string }) => [a.id, a.role])).toEqual([
      [team.account.id, "agent"],
      [second.id, "administrator"],
    ]);
    expect(res.body.accounts[0]).toMatchObject({ availability: "online", availability_status: "online", auto_offline: true, permissions: [] });
  });

  it("updates name and signature, and merges ui_settings", async () => {
    await api.put("/api/v1/profile", { token: team.agent.token, body: { profile: { ui_settings: { theme: "dark" } } } });
    const res = await api.put("/api/v1/profile", {
      token: team.agent.token,
      body: { name: "Renamed Agent", message_signature: "-- Renamed", ui_settings: { density: "compact" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed Agent", message_signature: "-- Renamed", ui_settings: { theme: "dark", density: "compact" } });
  });

  it("refuses a password change without the current password", async () => {
    const member = await makeMember(team.account.id, "agent", { password: "first-pass-1" });
    const wrong = await api.put("/api/v1/profile", {
      token: member.token,
      body: { password: "second-pass-2", password_confirmation: "second-pass-2", current_password: "nope" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ field: "current_password" });
    const right = await api.put("/api/v1/profile", {
      token: member.token,
      body: { password: "second-pass-2", password_confirmation: "second-pass-2", current_password: "first-pass-1" },
    });
    expect(right.status).toBe(200);
  });

  it("refuses an email another user has", async () => {
    const res = await api.put("/api/v1/profile", { token: team.agent.token, body: { email: team.admin.user.email.toUpperCase() } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: "email", code: "taken" });
  });

  it("rotates the token: the old one stops working at once, the new one works", async () => {
    const member = await makeMember(team.account.id);
    const res = await api.post("/api/v1/profile/reset_access_token", { token: member.token });
    expect(res.status).toBe(200);
    const fresh = res.body.access_token as string;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(member.token);
    expect((await api.get("/api/v1/profile", { token: member.token })).status).toBe(401);
    expect((await api.get(`/api/v1/accounts/${team.account.id}`, { token: member.token })).status).toBe(401);
    expect((await api.get("/api/v1/profile", { token: fresh })).body.access_token).toBe(fresh);
  });
});
