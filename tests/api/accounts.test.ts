import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
const path = () => `/api/v1/accounts/${team.account.id}`;

beforeAll(async () => {
  team = await makeTeam();
});

describe("account", () => {
  it("shows the account to any member in Chatwoot's shape", async () => {
    const res = await api.get(path(), { token: team.agent.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: team.account.id,
      name: team.account.name,
      locale: "en",
      status: "active",
      features: {},
      settings: {},
      custom_attributes: {},
    });
  });

  it("lets an administrator update details, settings and custom attributes with JSON", async () => {
    const res = await api.patch(path(), {
      token: team.admin.token,
      body: { name: "Grand Hall", locale: "nl", support_email: "Events@Example.com", auto_resolve_after: 60, industry: "Venues", timezone: "Europe/Amsterdam" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Grand Hall",
      locale: "nl",
      support_email: "events@example.com",
      settings: { auto_resolve_after: 60 },
      custom_attributes: { industry: "Venues", timezone: "Europe/Amsterdam" },
    });
    const again = await api.patch(path(), { token: team.admin.token, body: { custom_attributes: { company_size: "11-50" } } });
    expect(again.body.custom_attributes).toEqual({ industry: "Venues", timezone: "Europe/Amsterdam", company_size: "11-50" });
  });

  it("accepts a form-urlencoded update, nested keys included", async () => {
    const res = await api.patch(path(), {
      token: team.admin.token,
      form: { name: "Form Hall", auto_resolve_after: "120", auto_resolve_ignore_waiting: "true", "custom_attributes[logo]": "https://x.test/l.png" },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Form Hall");
    expect(res.body.settings).toMatchObject({ auto_resolve_after: 120, auto_resolve_ignore_waiting: true });
    expect(res.body.custom_attributes.logo).toBe("https://x.test/l.png");
  });

  it("refuses an agent's update with 401 and changes nothing", async () => {
    const res = await api.patch(path(), { token: team.agent.token, body: { name: "Hijacked" } });
    expect(res.status).toBe(401);
    expect((await api.get(path(), { token: team.agent.token })).body.name).not.toBe("Hijacked");
  });

  it("answers invalid fields with 422 naming each", async () => {
    const res = await api.patch(path(), {
      token: team.admin.token,
      body: { name: "", support_email: "not-an-email", auto_resolve_after: 5, timezone: "Mars/Olympus" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["auto_resolve_after", "name", "support_email", "timezone"]);
    expect(res.body.errors.every((e: { message: string; code: string }) => e.message && e.code === "invalid")).toBe(true);
  });
});
