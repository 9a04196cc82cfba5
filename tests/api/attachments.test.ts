import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { attachments, contacts, conversations, inboxes } from "@/db/schema";
import { dataDir } from "@/lib/config/runtime";
import { api } from "../helpers/app";
import { joinInbox, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let base: string;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const form = (fields: Record<string, string>, files: File[]) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const file of files) data.append("attachments[]", file);
  return data;
};

/** Follows a data_url the way a browser would: no token, only the signed link. */
const download = (dataUrl: string) => api.get(new URL(dataUrl, "http://localhost").pathname + new URL(dataUrl, "http://localhost").search);

beforeAll(async () => {
  team = await makeTeam();
  const db = getDb();
  const accountId = team.account.id;
  const [inbox] = await db.insert(inboxes).values({ accountId, name: "API", channelType: "Channel::Api", identifier: `att-${accountId}`, hmacToken: "h", secret: "s" }).returning();
  await joinInbox(accountId, inbox!.id);
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  await db.insert(conversations).values({ accountId, displayId: 1, inboxId: inbox!.id, contactId: contact!.id });
  base = `/api/v1/accounts/${accountId}/conversations/1/messages`;
});

describe("message attachments", () => {
  it("stores uploaded files and serves them back through signed links with safe types", async () => {
    const res = await api.post(base, {
      token: team.agent.token,
      multipart: form({ content: "Floor plan attached", private: "false" }, [
        new File([png], "floor plan.png", { type: "image/png" }),
        new File(["<script>alert(1)</script>"], "menu.html", { type: "text/html" }),
      ]),
    });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe("Floor plan attached");
    const [image, page] = res.body.attachments;
    expect(image).toMatchObject({ file_type: "image", extension: "png", file_size: png.length, data_url: expect.stringContaining("/uploads/") });
    expect(page).toMatchObject({ file_type: "file", extension: "html" });

    const served = await download(image.data_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''floor%20plan.png");
    expect(new Uint8Array(Buffer.from(served.text, "latin1")).length).toBeGreaterThan(0);

    const html = await download(page.data_url);
    expect(html.headers.get("content-type")).toBe("application/octet-stream");
    expect(html.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");

    const listed = await api.get(base, { token: team.agent.token });
    expect(listed.body.payload.at(-1).attachments).toHaveLength(2);
  });

  it("answers a vanished file 404 and a failing store 503, never with the store's own words", async () => {
    const res = await api.post(base, { token: team.agent.token, multipart: form({ content: "plan" }, [new File([png], "plan.png", { type: "image/png" })]) });
    const [attachment] = res.body.attachments;
    const stored = await getDb().select().from(attachments).where(eq(attachments.id, attachment.id));
    const dataUrl = attachment.data_url as string;

    process.env.S3_BUCKET = "unreachable";
    process.env.S3_ENDPOINT = "http://127.0.0.1:9";
    try {
      const failing = await download(dataUrl);
      expect(failing.status).toBe(503);
      expect(failing.body).toMatchObject({ description: "The attachment store is not available; please try again later", errors: [] });
      expect(failing.text).not.toMatch(/S3|127\.0\.0\.1|fetch failed/);
    } finally {
      delete process.env.S3_BUCKET;
      delete process.env.S3_ENDPOINT;
    }

    await rm(path.join(dataDir(), "uploads", stored[0]!.storageKey!));
    const vanished = await download(dataUrl);
    expect(vanished.status).toBe(404);
    expect(vanished.body).toMatchObject({ description: "Attachment could not be found" });
  });

  // Found by fuzzing: a file name with NUL reached the attachments insert (PostgreSQL 22021) instead of being refused by name.
  it("refuses a file whose name PostgreSQL cannot store, naming the file, and stores nothing", async () => {
    const before = await getDb().select({ id: attachments.id }).from(attachments);
    const res = await api.post(base, {
      token: team.agent.token,
      multipart: form({ content: "plan" }, [new File(["ok"], "fine.txt", { type: "text/plain" }), new File(["hi"], "a\u0000b.txt", { type: "text/plain" })]),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "attachments.1", message: "has a file name that must not contain NUL characters", code: "invalid" }]);
    expect(await getDb().select({ id: attachments.id }).from(attachments)).toHaveLength(before.length);
  });

  it("refuses a tampered or expired link", async () => {
    const res = await api.post(base, { token: team.agent.token, multipart: form({}, [new File([png], "a.png", { type: "image/png" })]) });
    const url = new URL(res.body.attachments[0].data_url, "http://localhost");
    const tampered = `${url.pathname}?expires=${url.searchParams.get("expires")}&signature=${"x".repeat(43)}`;
    expect((await api.get(tampered)).status).toBe(403);
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${url.searchParams.get("signature")}`;
    expect((await api.get(expired)).status).toBe(403);
    const otherId = `/uploads/${Number(url.pathname.split("/").pop()) + 1000}${url.search}`;
    expect((await api.get(otherId)).status).toBe(403);
  });

  it("accepts a message made only of files, but not one with neither content nor files", async () => {
    const onlyFile = await api.post(base, { token: team.agent.token, multipart: form({}, [new File(["hello"], "note.txt", { type: "text/plain" })]) });
    expect(onlyFile.status).toBe(200);
    expect(onlyFile.body.content).toBeNull();
    const nothing = await api.post(base, { token: team.agent.token, multipart: form({ private: "false" }, []) });
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors[0].field).toBe("content");
  });

  it("refuses more than ten files and empty files with 422", async () => {
    const many = Array.from({ length: 11 }, (_, i) => new File(["x"], `f${i}.txt`, { type: "text/plain" }));
    expect((await api.post(base, { token: team.agent.token, multipart: form({ content: "x" }, many) })).status).toBe(422);
    const empty = await api.post(base, { token: team.agent.token, multipart: form({ content: "x" }, [new File([], "e.txt")]) });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].field).toBe("attachments.0");
  });

  it("refuses multipart bodies on routes that take no files with 415", async () => {
    const res = await api.post(`/api/v1/accounts/${team.account.id}/canned_responses`, {
      token: team.admin.token,
      multipart: form({ short_code: "x", content: "y" }, []),
    });
    expect(res.status).toBe(415);
  });

  it("removes the files of a deleted message", async () => {
    const res = await api.post(base, { token: team.agent.token, multipart: form({ content: "gone soon" }, [new File([png], "b.png", { type: "image/png" })]) });
    const link = res.body.attachments[0].data_url;
    expect((await download(link)).status).toBe(200);
    const deleted = await api.delete(`${base}/${res.body.id}`, { token: team.agent.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.attachments).toBeUndefined();
    expect((await download(link)).status).toBe(404);
  });
});
