import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const base = () => `/api/v1/accounts/${team.account.id}/inboxes`;
const members = () => `/api/v1/accounts/${team.account.id}/inbox_members`;

const createApiInbox = async (name = "API inbox", extra: Record<string, unknown> = {}) => {
  const res = await api.post(base(), {
    token: team.admin.token,
    body: { name, channel: { type: "api", webhook_url: "https://hooks.example.com/in" }, ...extra },
  });
  expect(res.status).toBe(200);
  return res.body;
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("inboxes", () => {
  it("creates an API inbox with Chatwoot's fields, identifiers and default working hours", async () => {
    const inbox = await createApiInbox("Support API", { greeting_enabled: true, greeting_message: "Hi!", timezone: "Europe/Paris" });
    expect(inbox).toMatchObject({
      name: "Support API",
      channel_id: inbox.id,
      channel_type: "Channel::Api",
      avatar_url: "",
      greeting_enabled: true,
      greeting_message: "Hi!",
      enable_email_collect: true,
      enable_auto_assignment: true,
      working_hours_enabled: false,
      timezone: "Europe/Paris",
      sender_name_type: "friendly",
      webhook_url: "https://hooks.example.com/in",
      hmac_mandatory: false,
      website_token: null,
      widget_color: null,
      phone_number: null,
      provider: null,
      additional_attributes: {},
    });
    expect(inbox.inbox_identifier).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(inbox.hmac_token).toEqual(expect.any(String));
    expect(inbox.secret).toEqual(expect.any(String));
    expect(inbox.working_hours).toHaveLength(7);
    expect(inbox.working_hours[0]).toMatchObject({ day_of_week: 0, closed_all_day: true });
    expect(inbox.working_hours[1]).toEqual({
      day_of_week: 1,
      closed_all_day: false,
      open_all_day: false,
      open_hour: 9,
      open_minutes: 0,
      close_hour: 17,
      close_minutes: 0,
    });

    const second = await createApiInbox("Second API");
    expect(second.inbox_identifier).not.toBe(inbox.inbox_identifier);
    expect(second.secret).not.toBe(inbox.secret);
  });

  it("creates a website inbox whose website_token is its identifier", async () => {
    const res = await api.post(base(), {
      token: team.admin.token,
      body: {
        inbox: {
          name: "Website",
          channel: { type: "web_widget", website_url: "https://venue.example.com", widget_color: "#112233", welcome_title: "Hello" },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      channel_type: "Channel::WebWidget",
      website_url: "https://venue.example.com",
      widget_color: "#112233",
      welcome_title: "Hello",
      welcome_tagline: null,
      reply_time: "in_a_few_minutes",
      webhook_url: null,
    });
    expect(res.body.website_token).toBe(res.body.inbox_identifier);
    // With the public URL configured, the inbox hands out the snippet the settings page shows.
    const previous = process.env.APP_URL;
    process.env.APP_URL = "http://127.0.0.1:3999/";
    try {
      const shown = await api.get(`${base()}/${res.body.id}`, { token: team.admin.token });
      expect(shown.body.web_widget_script).toContain('var BASE_URL = "http://127.0.0.1:3999";');
      expect(shown.body.web_widget_script).toContain(`websiteToken: ${JSON.stringify(res.body.website_token)}`);
    } finally {
      if (previous === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = previous;
    }
    expect((await api.get(`${base()}/${res.body.id}`, { token: team.admin.token })).body.web_widget_script).toBeNull();
  });

  it("names the invalid fields of a create with 422", async () => {
    const noUrl = await api.post(base(), { token: team.admin.token, body: { name: "W", channel: { type: "web_widget" } } });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.errors).toEqual([expect.objectContaining({ field: "channel.website_url", code: "required" })]);

    const badType = await api.post(base(), { token: team.admin.token, body: { name: "E", channel: { type: "email" } } });
    expect(badType.status).toBe(422);
    expect(badType.body.errors[0].field).toBe("channel.type");

    const several = await api.post(base(), {
      token: team.admin.token,
      body: { channel: { type: "api", webhook_url: "ftp://nope" }, timezone: "Mars/Olympus", sender_name_type: "robotic" },
    });
    expect(several.status).toBe(422);
    const fields = several.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["name", "channel.webhook_url", "timezone", "sender_name_type"]));
  });

  it("updates settings, channel fields and working hours, keeping the days not sent", async () => {
    const inbox = await createApiInbox("Patch me");
    const res = await api.patch(`${base()}/${inbox.id}`, {
      token: team.admin.token,
      body: {
        name: "Patched",
        working_hours_enabled: true,
        timezone: "America/New_York",
        sender_name_type: 1,
        channel: { webhook_url: "", hmac_mandatory: true },
        working_hours: [
          { day_of_week: 0, closed_all_day: false, open_hour: 10, open_minutes: 30, close_hour: 14, close_minutes: 0 },
          { day_of_week: 3, open_all_day: true },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Patched",
      working_hours_enabled: true,
      timezone: "America/New_York",
      sender_name_type: "professional",
      webhook_url: null,
      hmac_mandatory: true,
    });
    expect(res.body.working_hours[0]).toMatchObject({ closed_all_day: false, open_hour: 10, open_minutes: 30, close_hour: 14 });
    expect(res.body.working_hours[3]).toMatchObject({ open_all_day: true, open_hour: 0, close_hour: 23, close_minutes: 59 });
    expect(res.body.working_hours[1]).toMatchObject({ open_hour: 9, close_hour: 17 });
    expect(res.body.working_hours[6]).toMatchObject({ closed_all_day: true });

    const shown = await api.get(`${base()}/${inbox.id}`, { token: team.admin.token });
    expect(shown.body.working_hours).toEqual(res.body.working_hours);
  });

  it("refuses impossible working hours and time zones with 422 naming the field", async () => {
    const inbox = await createApiInbox("Hours");
    const url = `${base()}/${inbox.id}`;
    const outOfRange = await api.patch(url, { token: team.admin.token, body: { working_hours: [{ day_of_week: 1, open_hour: 24 }] } });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.errors[0].field).toBe("working_hours.0.open_hour");

    const minutes = await api.patch(url, { token: team.admin.token, body: { working_hours: [{ day_of_week: 1, close_minutes: 60 }] } });
    expect(minutes.body.errors[0].field).toBe("working_hours.0.close_minutes");

    const backwards = await api.patch(url, {
      token: team.admin.token,
      body: { working_hours: [{ day_of_week: 2, open_hour: 9 }, { day_of_week: 4, open_hour: 18, close_hour: 8 }] },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toEqual([expect.objectContaining({ field: "working_hours.1.close_hour", code: "invalid" })]);

    const both = await api.patch(url, { token: team.admin.token, body: { working_hours: [{ day_of_week: 5, open_all_day: true, closed_all_day: true }] } });
    expect(both.body.errors[0].field).toBe("working_hours.0.open_all_day");

    const noDay = await api.patch(url, { token: team.admin.token, body: { working_hours: [{ open_hour: 9 }] } });
    expect(noDay.body.errors[0]).toMatchObject({ field: "working_hours.0.day_of_week", code: "required" });

    const zone = await api.patch(url, { token: team.admin.token, body: { timezone: "Nowhere/Town" } });
    expect(zone.status).toBe(422);
    expect(zone.body.errors[0].field).toBe("timezone");

    // Nothing of the refused patches was kept.
    const shown = await api.get(url, { token: team.admin.token });
    expect(shown.body.working_hours[1]).toMatchObject({ open_hour: 9, close_minutes: 0 });
    expect(shown.body.timezone).toBe("UTC");
  });

  it("shows agents only the inboxes they are members of, without the secrets", async () => {
    const visible = await createApiInbox("Agent's inbox");
    const hidden = await createApiInbox("Not the agent's");
    const added = await api.post(members(), { token: team.admin.token, body: { inbox_id: visible.id, user_ids: [team.agent.user.id] } });
    expect(added.status).toBe(200);

    const list = await api.get(base(), { token: team.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.payload.map((i: { id: number }) => i.id)).toEqual([visible.id]);
    expect(list.body.payload[0]).not.toHaveProperty("hmac_token");
    expect(list.body.payload[0]).not.toHaveProperty("secret");

    expect((await api.get(`${base()}/${visible.id}`, { token: team.agent.token })).status).toBe(200);
    expect((await api.get(`${base()}/${hidden.id}`, { token: team.agent.token })).status).toBe(404);
    expect((await api.get(`/api/v1/accounts/${team.account.id}/inbox_members/${hidden.id}`, { token: team.agent.token })).status).toBe(404);

    const adminList = await api.get(base(), { token: team.admin.token });
    const ids = adminList.body.payload.map((i: { id: number }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([visible.id, hidden.id]));
  });

  it("keeps inbox writes to administrators (403 for agents)", async () => {
    const inbox = await createApiInbox("Guarded");
    await api.post(members(), { token: team.admin.token, body: { inbox_id: inbox.id, user_ids: [team.agent.user.id] } });
    const token = team.agent.token;
    expect((await api.post(base(), { token, body: { name: "Mine", channel: { type: "api" } } })).status).toBe(403);
    expect((await api.patch(`${base()}/${inbox.id}`, { token, body: { name: "Mine" } })).status).toBe(403);
    expect((await api.delete(`${base()}/${inbox.id}`, { token })).status).toBe(403);
    expect((await api.post(`${base()}/${inbox.id}/set_agent_bot`, { token, body: { agent_bot: null } })).status).toBe(403);
    expect((await api.post(`${base()}/${inbox.id}/reset_secret`, { token })).status).toBe(403);
    expect((await api.post(members(), { token, body: { inbox_id: inbox.id, user_ids: [team.agent.user.id] } })).status).toBe(403);
    expect((await api.get(`${base()}/${inbox.id}`, { token: team.admin.token })).body.name).toBe("Guarded");
  });

  it("refuses agent bot tokens with 401", async () => {
    const { token } = await makeBot(team.account.id);
    expect((await api.get(base(), { token })).status).toBe(401);
  });

  it("connects the account's own bot or a system bot, and disconnects it", async () => {
    const inbox = await createApiInbox("Bot inbox");
    const url = `${base()}/${inbox.id}`;
    const empty = await api.get(`${url}/agent_bot`, { token: team.admin.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ agent_bot: {} });

    const own = await makeBot(team.account.id);
    const set = await api.post(`${url}/set_agent_bot`, { token: team.admin.token, body: { agent_bot: own.bot.id } });
    expect(set.status).toBe(200);
    expect(set.text).toBe("");
    const shown = await api.get(`${url}/agent_bot`, { token: team.admin.token });
    expect(shown.body.agent_bot).toMatchObject({ id: own.bot.id, name: own.bot.name, system_bot: false });

    const system = await makeBot(null);
    expect((await api.post(`${url}/set_agent_bot`, { token: team.admin.token, body: { agent_bot: system.bot.id } })).status).toBe(200);
    expect((await api.get(`${url}/agent_bot`, { token: team.admin.token })).body.agent_bot).toMatchObject({ id: system.bot.id, system_bot: true });

    const foreign = await makeBot(other.account.id);
    const refused = await api.post(`${url}/set_agent_bot`, { token: team.admin.token, body: { agent_bot: foreign.bot.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("agent_bot");
    expect((await api.get(`${url}/agent_bot`, { token: team.admin.token })).body.agent_bot.id).toBe(system.bot.id);

    expect((await api.post(`${url}/set_agent_bot`, { token: team.admin.token, body: { agent_bot: null } })).status).toBe(200);
    expect((await api.get(`${url}/agent_bot`, { token: team.admin.token })).body).toEqual({ agent_bot: {} });
  });

  it("rotates the signing secret and nothing else", async () => {
    const inbox = await createApiInbox("Rotate");
    const res = await api.post(`${base()}/${inbox.id}/reset_secret`, { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.secret).toEqual(expect.any(String));
    expect(res.body.secret).not.toBe(inbox.secret);
    expect(res.body.hmac_token).toBe(inbox.hmac_token);
    expect(res.body.inbox_identifier).toBe(inbox.inbox_identifier);
  });

  it("deletes an inbox for an administrator", async () => {
    const inbox = await createApiInbox("Doomed");
    const res = await api.delete(`${base()}/${inbox.id}`, { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await api.get(`${base()}/${inbox.id}`, { token: team.admin.token })).status).toBe(404);
  });

  it("answers 404 for another account's inbox and leaves it untouched", async () => {
    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/inboxes`, {
      token: other.admin.token,
      body: { name: "Theirs", channel: { type: "api" } },
    });
    expect(theirs.status).toBe(200);
    const url = `${base()}/${theirs.body.id}`;
    const token = team.admin.token;
    expect((await api.get(url, { token })).status).toBe(404);
    expect((await api.patch(url, { token, body: { name: "Mine" } })).status).toBe(404);
    expect((await api.delete(url, { token })).status).toBe(404);
    expect((await api.get(`${url}/agent_bot`, { token })).status).toBe(404);
    expect((await api.post(`${url}/set_agent_bot`, { token, body: { agent_bot: null } })).status).toBe(404);
    expect((await api.post(`${url}/reset_secret`, { token })).status).toBe(404);
    expect((await api.get(`${members()}/${theirs.body.id}`, { token })).status).toBe(404);
    expect((await api.post(members(), { token, body: { inbox_id: theirs.body.id, user_ids: [team.agent.user.id] } })).status).toBe(404);
    const still = await api.get(`/api/v1/accounts/${other.account.id}/inboxes/${theirs.body.id}`, { token: other.admin.token });
    expect(still.body).toMatchObject({ name: "Theirs", secret: theirs.body.secret });
    expect((await api.get(`/api/v1/accounts/${other.account.id}/inboxes`, { token })).status).toBe(404);
  });
});

describe("inbox members", () => {
  it("adds, replaces, lists and removes members", async () => {
    const inbox = await createApiInbox("Members");
    const third = await makeMember(team.account.id, "agent");
    const added = await api.post(members(), {
      token: team.admin.token,
      body: { inbox_id: inbox.id, user_ids: [team.agent.user.id, team.agent.user.id] },
    });
    expect(added.status).toBe(200);
    expect(added.body.payload).toHaveLength(1);
    expect(added.body.payload[0]).toMatchObject({
      id: team.agent.user.id,
      account_id: team.account.id,
      role: "agent",
      email: team.agent.user.email,
      availability_status: expect.any(String),
    });

    const more = await api.post(members(), { token: team.admin.token, body: { inbox_id: String(inbox.id), user_ids: [third.user.id] } });
    expect(more.body.payload.map((a: { id: number }) => a.id).sort()).toEqual([team.agent.user.id, third.user.id].sort());

    const replaced = await api.patch(members(), { token: team.admin.token, body: { inbox_id: inbox.id, user_ids: [team.admin.user.id, third.user.id] } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.payload.map((a: { id: number }) => a.id).sort()).toEqual([team.admin.user.id, third.user.id].sort());

    const shown = await api.get(`${members()}/${inbox.id}`, { token: team.admin.token });
    expect(shown.body.payload).toHaveLength(2);
    // A member agent may read the list too.
    expect((await api.get(`${members()}/${inbox.id}`, { token: third.token })).body.payload).toHaveLength(2);

    const removed = await api.delete(members(), { token: team.admin.token, body: { inbox_id: inbox.id, user_ids: [third.user.id] } });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe("");
    const after = await api.get(`${members()}/${inbox.id}`, { token: team.admin.token });
    expect(after.body.payload.map((a: { id: number }) => a.id)).toEqual([team.admin.user.id]);

    const cleared = await api.patch(members(), { token: team.admin.token, body: { inbox_id: inbox.id, user_ids: [] } });
    expect(cleared.body).toEqual({ payload: [] });
  });

  it("refuses users who are not agents of the account with 422 naming user_ids", async () => {
    const inbox = await createApiInbox("Strict members");
    for (const method of ["post", "patch", "delete"] as const) {
      const res = await api[method](members(), {
        token: team.admin.token,
        body: { inbox_id: inbox.id, user_ids: [team.agent.user.id, other.agent.user.id] },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("user_ids");
    }
    expect((await api.get(`${members()}/${inbox.id}`, { token: team.admin.token })).body.payload).toEqual([]);

    const missing = await api.post(members(), { token: team.admin.token, body: { inbox_id: inbox.id } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: "user_ids", code: "required" });
  });
});
