import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, signIn } from "../ui/helpers";

/*
 * Server actions refuse cross-origin posts (Next.js compares Origin with the host): a page on
 * another site cannot make a signed-in planner's browser change anything. The same call from our
 * own origin goes through, so the refusal is not just a malformed request.
 */

type Manifest = { node: Record<string, { filename: string; exportedName: string }> };

const actionId = (exportedName: string) => {
  const manifest = JSON.parse(readFileSync(path.join(process.env.NEXT_DIST_DIR ?? ".next", "server", "server-reference-manifest.json"), "utf8")) as Manifest;
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${exportedName} in the build`);
  return found[0];
};

/**
 * Signed in as the administrator: conversation 1's priority as the API reads it, and a post of
 * `setPriorityAction` for it to a portal path with the given headers (JSON arguments, as the browser sends them).
 */
const priorityAction = async (page: Page) => {
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  const conversation = `/api/v1/accounts/${account}/conversations/1`;
  const priority = async () => ((await (await page.request.get(conversation, { headers: { api_access_token: token } })).json()) as { priority: string | null }).priority;
  const post = (path: string, headers: Record<string, string>, value: string | null) =>
    page.request.post(`/app/accounts/${account}${path}`, {
      headers: { "Next-Action": actionId("setPriorityAction"), "Content-Type": "text/plain;charset=UTF-8", Accept: "text/x-component", ...headers },
      data: JSON.stringify([Number(account), 1, value]),
    });
  return { priority, post };
};

test("a server action posted from another origin is refused and changes nothing", async ({ page, baseURL }) => {
  const { priority, post: postTo } = await priorityAction(page);
  const before = await priority();
  const wanted = before === "urgent" ? "low" : "urgent";
  const post = (origin: string, value: string | null = wanted) => postTo("/conversations/1", { Origin: origin }, value);

  const foreign = await post("https://evil.example");
  expect(foreign.status()).toBe(500);
  expect(await priority()).toBe(before);

  const own = await post(new URL(baseURL!).origin);
  expect(own.status()).toBe(200);
  expect(await priority()).toBe(wanted);
  await post(new URL(baseURL!).origin, before);
});

test("a server action posted to a page without it is handed to the page with it, and still checked", async ({ page, baseURL }) => {
  const { priority, post: postTo } = await priorityAction(page);
  const before = await priority();
  const wanted = before === "high" ? "low" : "high";
  // The contacts list has no priority action: Next.js posts the call again, to this server, for the conversation page.
  const post = (headers: Record<string, string>, value: string | null = wanted) => postTo("/contacts", headers, value);

  // A client cannot pass for the server's own forwarding, nor name another host for it.
  const forged = await post({ Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Venuedesk-Forwarded-By-Self": "guess" });
  expect(forged.status()).toBe(500);
  expect(await priority()).toBe(before);

  const own = await post({ Origin: new URL(baseURL!).origin });
  expect(own.status()).toBe(200);
  expect(await priority()).toBe(wanted);
  await post({ Origin: new URL(baseURL!).origin }, before);
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ page, context }) => {
  await signIn(page, ADMIN_EMAIL);
  const session = (await context.cookies()).find((cookie) => cookie.name.endsWith("next-auth.session-token"));
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  // Plain http here; under an https NEXTAUTH_URL next-auth names it __Secure-… and marks it Secure.
  expect(session?.secure).toBe(false);
});
