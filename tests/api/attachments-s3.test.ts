import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { attachments, contacts, conversations, inboxes } from "@/db/schema";
import { api } from "../helpers/app";
import { joinInbox, makeTeam } from "../helpers/factories";

// A real S3 protocol peer on loopback (s3rver), so the SigV4 requests are exercised end to end.
let server: S3rver;
let endpoint: string;
let base: string;
let token: string;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), "venuedesk-s3-")),
    configureBuckets: [{ name: "venuedesk-test", configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    S3_BUCKET: "venuedesk-test",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });
  const team = await makeTeam();
  token = team.agent.token;
  const accountId = team.account.id;
  const db = getDb();
  const [inbox] = await db.insert(inboxes).values({ accountId, name: "API", channelType: "Channel::Api", identifier: `s3-${accountId}`, hmacToken: "h", secret: "s" }).returning();
  await joinInbox(accountId, inbox!.id);
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  await db.insert(conversations).values({ accountId, displayId: 1, inboxId: inbox!.id, contactId: contact!.id });
  base = `/api/v1/accounts/${accountId}/conversations/1/messages`;
});

afterAll(async () => {
  for (const key of ["S3_BUCKET", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) delete process.env[key];
  await server.close();
});

describe("attachments in an S3-compatible bucket", () => {
  it("puts the file in the bucket, serves it through the signed link and deletes it with the message", async () => {
    const data = new FormData();
    data.append("content", "Menu attached");
    data.append("attachments[]", new File(["starter, main, dessert"], "menu.txt", { type: "text/plain" }));
    const created = await api.post(base, { token, multipart: data });
    expect(created.status).toBe(200);

    const [row] = await getDb().select().from(attachments);
    const s3 = new AwsClient({ accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1", service: "s3" });
    const object = await s3.fetch(`${endpoint}/venuedesk-test/${row!.storageKey}`);
    expect(object.status).toBe(200);
    expect(await object.text()).toBe("starter, main, dessert");

    const link = new URL(created.body.attachments[0].data_url, "http://localhost");
    const served = await api.get(link.pathname + link.search);
    expect(served.status).toBe(200);
    expect(served.text).toBe("starter, main, dessert");
    expect(served.headers.get("content-type")).toBe("text/plain");

    await api.delete(`${base}/${created.body.id}`, { token });
    expect((await s3.fetch(`${endpoint}/venuedesk-test/${row!.storageKey}`)).status).toBe(404);
  });
});
