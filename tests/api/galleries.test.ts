import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, portalCategories, portals } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

/*
 * Galleries: a space's photos. Images go through the attachment storage and come back through
 * signed links; knowledge-base managers and planners change them, every member sees them; a
 * space names the account's own gallery and help-center category, and shows them.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
let planner: Awaited<ReturnType<typeof makeMember>>;
let base: string;

const png = (seed: number) =>
  Buffer.concat([Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64"), Buffer.from([seed])]);

const upload = (token: string, galleryId: number, files: { name: string; type: string; bytes: Buffer }[], caption?: string) => {
  const form = new FormData();
  for (const file of files) form.append("attachments[]", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  if (caption !== undefined) form.append("caption", caption);
  return api.post(`${base}/galleries/${galleryId}/images`, { token, multipart: form });
};

const makeGallery = async (name = "Grand Hall") => {
  const res = await api.post(`${base}/galleries`, { token: team.admin.token, body: { gallery: { name } } });
  expect(res.status).toBe(200);
  return res.body as { id: number };
};

/** The path and query of a signed link (the app is called in-process). */
const local = (url: string) => {
  const link = new URL(url, "http://localhost");
  return `${link.pathname}${link.search}`;
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  planner = await makeMember(team.account.id, "agent");
  await getDb().update(accountUsers).set({ permissions: ["planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
  base = `/api/v1/accounts/${team.account.id}`;
});

describe("galleries", () => {
  it("keep images in the order uploaded, serve each through its signed link, and take captions and a new order", async () => {
    const gallery = await makeGallery();
    const first = await upload(team.admin.token, gallery.id, [
      { name: "stage.png", type: "image/png", bytes: png(1) },
      { name: "bar.png", type: "image/png", bytes: png(2) },
    ], "Set for a gala");
    expect(first.status).toBe(200);
    expect(first.body.payload.map((image: { file_name: string; caption: string; position: number }) => [image.file_name, image.caption, image.position])).toEqual([
      ["stage.png", "Set for a gala", 10],
      ["bar.png", "Set for a gala", 20],
    ]);
    const later = await upload(planner.token, gallery.id, [{ name: "foyer.webp", type: "image/webp", bytes: png(3) }]);
    expect(later.status).toBe(200);
    expect(later.body.payload[0]).toMatchObject({ file_name: "foyer.webp", caption: null, position: 30, content_type: "image/webp", file_type: "image" });

    const shown = await api.get(`${base}/galleries/${gallery.id}`, { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body.images.map((image: { file_name: string }) => image.file_name)).toEqual(["stage.png", "bar.png", "foyer.webp"]);

    // The link serves the bytes inline without a token; a changed signature or another image's id does not.
    const [stage, bar, foyer] = shown.body.images as { id: number; file_url: string }[];
    const file = await api.get(local(stage!.file_url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(file.bytes).equals(png(1))).toBe(true);
    const forged = local(stage!.file_url).replace(/signature=[^&]+/, "signature=AAAA");
    expect((await api.get(forged)).status).toBe(403);
    expect((await api.get(local(stage!.file_url).replace(`/gallery-image/${stage!.id}`, `/gallery-image/${bar!.id}`))).status).toBe(403);
    // An attachment link's signature for the same number opens no gallery image (kinds are signed apart).
    expect((await api.get(local(stage!.file_url).replace("/gallery-image/", "/"))).status).not.toBe(200);

    const captioned = await api.patch(`${base}/galleries/${gallery.id}/images/${bar!.id}`, { token: team.admin.token, body: { caption: "The long bar" } });
    expect(captioned.status).toBe(200);
    expect(captioned.body.caption).toBe("The long bar");

    const reordered = await api.post(`${base}/galleries/${gallery.id}/images/reorder`, { token: team.admin.token, body: { image_ids: [foyer!.id, stage!.id, bar!.id] } });
    expect(reordered.status).toBe(200);
    expect(reordered.body.payload.map((image: { id: number; position: number }) => [image.id, image.position])).toEqual([
      [foyer!.id, 10],
      [stage!.id, 20],
      [bar!.id, 30],
    ]);
    // Every image once: a partial or foreign order is refused and changes nothing.
    const partial = await api.post(`${base}/galleries/${gallery.id}/images/reorder`, { token: team.admin.token, body: { image_ids: [stage!.id] } });
    expect(partial.status).toBe(422);
    expect(partial.body.errors[0].field).toBe("image_ids");
    const repeated = await api.post(`${base}/galleries/${gallery.id}/images/reorder`, { token: team.admin.token, body: { image_ids: [stage!.id, stage!.id, bar!.id] } });
    expect(repeated.status).toBe(422);
    const after = await api.get(`${base}/galleries/${gallery.id}`, { token: team.admin.token });
    expect(after.body.images.map((image: { id: number }) => image.id)).toEqual([foyer!.id, stage!.id, bar!.id]);

    // A removed image's link stops working.
    expect((await api.delete(`${base}/galleries/${gallery.id}/images/${stage!.id}`, { token: team.admin.token })).status).toBe(200);
    expect((await api.get(local(stage!.file_url))).status).toBe(404);
    expect((await api.get(`${base}/galleries/${gallery.id}`, { token: team.admin.token })).body.images).toHaveLength(2);
  });

  it("refuse files that are not images, empty uploads and bad names with named fields, storing nothing", async () => {
    const gallery = await makeGallery("Refusals");
    const script = await upload(team.admin.token, gallery.id, [{ name: "x.svg", type: "image/svg+xml", bytes: Buffer.from("<svg onload=alert(1)>") }]);
    expect(script.status).toBe(422);
    expect(script.body.errors[0].field).toMatch(/^attachments/);
    const html = await upload(team.admin.token, gallery.id, [
      { name: "ok.png", type: "image/png", bytes: png(4) },
      { name: "page.html", type: "text/html", bytes: Buffer.from("<script>alert(1)</script>") },
    ]);
    expect(html.status).toBe(422);
    const none = await api.post(`${base}/galleries/${gallery.id}/images`, { token: team.admin.token, body: { caption: "nothing" } });
    expect(none.status).toBe(422);
    expect((await api.get(`${base}/galleries/${gallery.id}`, { token: team.admin.token })).body.images).toEqual([]);
    const blank = await api.post(`${base}/galleries`, { token: team.admin.token, body: { gallery: { name: "  " } } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].field).toBe("name");
    const nul = await api.post(`${base}/galleries`, { token: team.admin.token, body: { gallery: { name: "Hall\u0000" } } });
    expect(nul.status).toBe(422);
  });

  it("are changed by knowledge-base managers and planners, seen by every member, never by bots or other accounts", async () => {
    const gallery = await makeGallery("Rights");
    expect((await api.post(`${base}/galleries`, { token: team.agent.token, body: { gallery: { name: "Mine" } } })).status).toBe(403);
    expect((await api.patch(`${base}/galleries/${gallery.id}`, { token: team.agent.token, body: { name: "Renamed" } })).status).toBe(403);
    expect((await upload(team.agent.token, gallery.id, [{ name: "a.png", type: "image/png", bytes: png(5) }])).status).toBe(403);
    expect((await api.get(`${base}/galleries`, { token: team.agent.token })).status).toBe(200);
    const renamed = await api.patch(`${base}/galleries/${gallery.id}`, { token: planner.token, body: { name: "Renamed" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Renamed");

    const bot = await makeBot(team.account.id);
    expect((await api.get(`${base}/galleries`, { token: bot.token })).status).toBe(401);
    const elsewhere = `/api/v1/accounts/${other.account.id}`;
    expect((await api.get(`${elsewhere}/galleries/${gallery.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api.delete(`${elsewhere}/galleries/${gallery.id}`, { token: other.admin.token })).status).toBe(404);
    const theirs = (await api.get(`${elsewhere}/galleries`, { token: other.admin.token })).body.payload;
    expect(theirs.map((row: { id: number }) => row.id)).not.toContain(gallery.id);
  });

  it("are what a space shows: the account's own gallery and help-center category, cleared when they go", async () => {
    const gallery = await makeGallery("Terrace photos");
    const [portal] = await getDb().insert(portals).values({ accountId: team.account.id, name: "Help", slug: `help-${team.account.id}` }).returning();
    const [category] = await getDb()
      .insert(portalCategories)
      .values({ accountId: team.account.id, portalId: portal!.id, name: "Terrace facts", slug: "terrace" })
      .returning();
    const space = await api.post(`${base}/spaces`, {
      token: team.admin.token,
      body: { space: { name: "Terrace", knowledgebase_id: category!.id, gallery_knowledgebase_id: gallery.id } },
    });
    expect(space.status).toBe(200);
    expect(space.body).toMatchObject({ knowledgebase_id: category!.id, gallery_knowledgebase_id: gallery.id });

    // Another account's category and gallery are refused by name, and nothing changes.
    const theirGallery = (await api.post(`/api/v1/accounts/${other.account.id}/galleries`, { token: other.admin.token, body: { name: "Theirs" } })).body;
    const refused = await api.patch(`${base}/spaces/${space.body.id}`, { token: team.admin.token, body: { gallery_knowledgebase_id: theirGallery.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("gallery_knowledgebase_id");
    const missing = await api.patch(`${base}/spaces/${space.body.id}`, { token: team.admin.token, body: { knowledgebase_id: 2_000_000_000 } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe("knowledgebase_id");
    expect((await api.get(`${base}/spaces/${space.body.id}`, { token: team.admin.token })).body).toMatchObject({ gallery_knowledgebase_id: gallery.id });

    expect((await api.delete(`${base}/galleries/${gallery.id}`, { token: team.admin.token })).status).toBe(200);
    expect((await api.get(`${base}/spaces/${space.body.id}`, { token: team.admin.token })).body).toMatchObject({
      knowledgebase_id: category!.id,
      gallery_knowledgebase_id: null,
    });
    const cleared = await api.patch(`${base}/spaces/${space.body.id}`, { token: team.admin.token, body: { knowledgebase_id: null } });
    expect(cleared.body.knowledgebase_id).toBeNull();
  });
});
