import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeBot, makePlatformApp, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let bot: Awaited<ReturnType<typeof makeBot>>;
let platform: Awaited<ReturnType<typeof makePlatformApp>>;
const account = () => `/api/v1/accounts/${team.account.id}`;

const expectStandardError = (body: unknown) =>
  expect(body).toMatchObject({ description: expect.any(String), error: expect.any(String), errors: expect.any(Array) });

beforeAll(async () => {
  team = await makeTeam();
  bot = await makeBot(team.account.id);
  platform = await makePlatformApp();
});

describe("callers", () => {
  it("answers 401 without a token and with an unknown one", async () => {
    for (const token of [undefined, "not-a-real-token"]) {
      const res = await api.get(account(), { token });
      expect(res.status).toBe(401);
      expectStandardError(res.body);
    }
  });

  it("accepts the api-access-token spelling of the header too", async () => {
    const res = await api.get(account(), { headers: { "api-access-token": team.agent.token } });
    expect(res.status).toBe(200);
  });

  it("refuses an agent bot token on routes bots may not use with 401", async () => {
    for (const path of [account(), `${account()}/agents`, `${account()}/canned_responses`, `${account()}/agent_bots`, "/api/v1/profile"]) {
      const res = await api.get(path, { token: bot.token });
      expect(res.status, path).toBe(401);
      expect(res.body.error).toBe("Access to this endpoint is not authorized for bots");
    }
  });

  it("refuses a platform app token on the Application API with 401", async () => {
    const res = await api.get(account(), { token: platform.token });
    expect(res.status).toBe(401);
    expectStandardError(res.body);
  });

  it("refuses a user token on the Platform API with 401", async () => {
    const res = await api.get("/platform/api/v1/accounts", { token: team.admin.token });
    expect(res.status).toBe(401);
    expectStandardError(res.body);
  });
});

describe("error model", () => {
  it("answers malformed JSON with 400 and writes nothing", async () => {
    const res = await api.post(`${account()}/canned_responses`, { token: team.admin.token, raw: '{"short_code": "x",' });
    expect(res.status).toBe(400);
    expectStandardError(res.body);
    expect((await api.get(`${account()}/canned_responses`, { token: team.admin.token })).body).toEqual([]);
  });

  it("answers unknown API routes with a JSON 404 under every prefix", async () => {
    for (const path of ["/api/v1/nope", "/api/v2/accounts/1/nothing", "/platform/api/v1/nothing", "/public/api/v1/inboxes/x/nothing"]) {
      const res = await api.post(path, { token: team.admin.token });
      expect(res.status, path).toBe(404);
      expectStandardError(res.body);
    }
  });

  it("answers an unsupported method with a JSON 405 naming the allowed ones", async () => {
    const res = await api.delete("/api/v1/profile", { token: team.admin.token });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PUT");
    expectStandardError(res.body);
  });

  it("answers an oversized body with 413", async () => {
    const res = await api.post(`${account()}/canned_responses`, {
      token: team.admin.token,
      body: { short_code: "big", content: "x".repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expectStandardError(res.body);
  });

  it("answers a malformed id in the path with 404", async () => {
    const res = await api.patch(`${account()}/canned_responses/abc`, { token: team.admin.token, body: { content: "x" } });
    expect(res.status).toBe(404);
  });

  it("answers an account id that does not exist, or is not the caller's, with 404", async () => {
    const other = await makeTeam();
    expect((await api.get("/api/v1/accounts/999999", { token: team.admin.token })).status).toBe(404);
    expect((await api.get(`/api/v1/accounts/${other.account.id}`, { token: team.admin.token })).status).toBe(404);
  });
});
