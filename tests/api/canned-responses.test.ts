import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const base = () => `/api/v1/accounts/${team.account.id}/canned_responses`;

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("canned responses", () => {
  it("lets an administrator create, find, update and delete one", async () => {
    const created = await api.post(base(), { token: team.admin.token, body: { short_code: "hello", content: "Hi {{contact.name}}!" } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ account_id: team.account.id, short_code: "hello", content: "Hi {{contact.name}}!" });
    expect(typeof created.body.created_at).toBe("number");

    const found = await api.get(`${base()}?search=HELL`, { token: team.agent.token });
    expect(found.body.map((c: { short_code: string }) => c.short_code)).toEqual(["hello"]);
    const byContent = await api.get(`${base()}?search=contact.name`, { token: team.agent.token });
    expect(byContent.body).toHaveLength(1);
    const none = await api.get(`${base()}?search=nothing-like-it`, { token: team.agent.token });
    expect(none.body).toEqual([]);

    const updated = await api.patch(`${base()}/${created.body.id}`, {
      token: team.admin.token,
      body: { canned_response: { content: "Hello there" } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ short_code: "hello", content: "Hello there" });

    const deleted = await api.delete(`${base()}/${created.body.id}`, { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(base(), { token: team.admin.token })).body).toEqual([]);
  });

  it("treats `%` in a search as a literal character", async () => {
    await api.post(base(), { token: team.admin.token, body: { short_code: "discount", content: "10% off" } });
    await api.post(base(), { token: team.admin.token, body: { short_code: "plain", content: "no percent here" } });
    const found = await api.get(`${base()}?search=${encodeURIComponent("%")}`, { token: team.admin.token });
    expect(found.body.map((c: { short_code: string }) => c.short_code)).toEqual(["discount"]);
  });

  it("refuses agents' writes with 403", async () => {
    const res = await api.post(base(), { token: team.agent.token, body: { short_code: "x", content: "y" } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ description: expect.any(String), errors: [], error: expect.any(String) });
  });

  it("names the invalid fields with 422", async () => {
    const res = await api.post(base(), { token: team.admin.token, body: { short_code: "has space" } });
    expect(res.status).toBe(422);
    const fields = res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]);
    expect(fields).toEqual(expect.arrayContaining([["short_code", "invalid"], ["content", "required"]]));
  });

  it("refuses a duplicate short code in the same account but allows it in another", async () => {
    await api.post(base(), { token: team.admin.token, body: { short_code: "dupe", content: "one" } });
    const again = await api.post(base(), { token: team.admin.token, body: { short_code: "dupe", content: "two" } });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ field: "short_code", code: "taken" });
    const elsewhere = await api.post(`/api/v1/accounts/${other.account.id}/canned_responses`, {
      token: other.admin.token,
      body: { short_code: "dupe", content: "fine" },
    });
    expect(elsewhere.status).toBe(200);
  });

  it("answers 404 for another account's canned response and leaves it untouched", async () => {
    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/canned_responses`, {
      token: other.admin.token,
      body: { short_code: "secret", content: "theirs" },
    });
    const patch = await api.patch(`${base()}/${theirs.body.id}`, { token: team.admin.token, body: { content: "mine now" } });
    expect(patch.status).toBe(404);
    const del = await api.delete(`${base()}/${theirs.body.id}`, { token: team.admin.token });
    expect(del.status).toBe(404);
    const list = await api.get(`/api/v1/accounts/${other.account.id}/canned_responses`, { token: other.admin.token });
    expect(list.body.find((c: { id: number }) => c.id === theirs.body.id)).toMatchObject({ content: "theirs" });
  });

  it("answers 404 when the caller is not a member of the account in the path", async () => {
    const res = await api.get(`/api/v1/accounts/${other.account.id}/canned_responses`, { token: team.admin.token });
    expect(res.status).toBe(404);
  });
});
