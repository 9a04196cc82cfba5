import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, signIn } from "../ui/helpers";

/*
 * The security headers scripts/server.ts puts on every response (lib/http/security-headers.ts),
 * checked over HTTP on each kind of response, and in the browser: the portal, the sign-in page,
 * the API reference and a customer's quote page run with no policy violation.
 */

type Api = { token: string; account: string };
let api: Api;

test.beforeAll(async ({ browser }, testInfo) => {
  const page = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  api = { token: await page.getByLabel("Access token", { exact: true }).inputValue(), account };
  await page.close();
});

const auth = () => ({ api_access_token: api.token });
const pathOf = (url: string) => {
  const parsed = new URL(url, "http://x");
  return `${parsed.pathname}${parsed.search}`;
};

/** What every response carries. The e2e server's APP_URL is plain http, so no HSTS. */
const expectBaseHeaders = (response: APIResponse, referrer = "strict-origin-when-cross-origin") => {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe(referrer);
  expect(headers["permissions-policy"]).toContain("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  expect(headers["strict-transport-security"]).toBeUndefined();
};

const expectApiHeaders = (response: APIResponse) => {
  expectBaseHeaders(response);
  expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers()["x-frame-options"]).toBe("DENY");
};

/** A page: framing refused, and scripts only with this response's nonce, which every script tag carries. */
const expectPageHeaders = async (response: APIResponse, referrer?: string) => {
  expectBaseHeaders(response, referrer);
  expect(response.headers()["x-frame-options"]).toBe("DENY");
  const csp = response.headers()["content-security-policy"] ?? "";
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic';/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "connect-src 'self';"]) expect(csp).toContain(directive);
  expect(csp).not.toContain("unsafe-eval");
  const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce!;
};

const expectFileHeaders = (response: APIResponse, referrer?: string) => {
  expectBaseHeaders(response, referrer);
  expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
};

/** A sent quote on an event of this test's own: the customer's link, and the quote's API address. */
const sentQuote = async (request: APIRequestContext) => {
  const base = `/api/v1/accounts/${api.account}/planning/events`;
  const event = await request.post(base, { headers: auth(), data: { event: { name: `Header check ${Date.now()}`, currency: "EUR", attendees_count: 10 } } });
  expect(event.status(), await event.text()).toBeLessThan(300);
  const { id: eventId } = await event.json();
  const quote = await request.post(`${base}/${eventId}/quotes`, {
    headers: auth(),
    data: {
      name: "Header check",
      overrides: {
        additional_lines: [{ name: "Coffee", unit_price: "3.50", quantity: 10, tax_rate: 9, category: "catering" }],
        optional_lines: [{ key: "cake", name: "Cake", unit_price: "4", quantity: 10, tax_rate: 9, category: "catering" }],
      },
    },
  });
  expect(quote.status(), await quote.text()).toBeLessThan(300);
  const { id: quoteId } = await quote.json();
  const sent = await request.post(`${base}/${eventId}/quotes/${quoteId}/send_quote`, { headers: auth(), data: { delivery_mode: "manual" } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  return { token: ((await sent.json()) as { public_token: string }).public_token, url: `${base}/${eventId}/quotes/${quoteId}` };
};
const sentQuoteToken = async (request: APIRequestContext) => (await sentQuote(request)).token;

test("an API response allows nothing to run or frame it", async ({ request }) => {
  const response = await request.get("/api/v1/profile", { headers: auth() });
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expectApiHeaders(response);
});

test("an API 404 carries the same headers", async ({ request }) => {
  const response = await request.get("/api/v1/no/such/route", { headers: auth() });
  expect(response.status()).toBe(404);
  expectApiHeaders(response);
  expectApiHeaders(await request.get("/api/v1/profile"));
});

test("a path whose escapes are not UTF-8 is a 400 with the headers, on the API and on pages alike", async ({ request }) => {
  for (const path of [`/api/v1/accounts/${api.account}/contacts/%FF`, `/api/v1/accounts/${api.account}/conversations/%ED%A0%80/messages`, "/api/health%"]) {
    const response = await request.get(path, { headers: auth() });
    expect(response.status(), path).toBe(400);
    expect(await response.json()).toMatchObject({ description: "The request path is not valid percent-encoded UTF-8", errors: [] });
    expectApiHeaders(response);
  }
  for (const path of ["/q/%ED%A0%80", `/app/accounts/${api.account}/contacts/%FF`, "/hc/%E0%A4%A"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text()).toBe("Bad request: the address is not valid percent-encoded UTF-8.");
    // A quote link's path is a credential: no referrer from there, whatever the answer.
    expectBaseHeaders(response, path.startsWith("/q/") ? "no-referrer" : undefined);
  }
});

test("the sign-in page gets a fresh nonce on every request, and a client cannot choose it", async ({ request }) => {
  const first = await request.get("/login");
  expect(first.status()).toBe(200);
  const nonce = await expectPageHeaders(first);
  const second = await request.get("/login", { headers: { "Content-Security-Policy": "script-src 'nonce-chosenbytheclient'" } });
  const again = await expectPageHeaders(second);
  expect(again).not.toBe(nonce);
  expect(again).not.toBe("chosenbytheclient");
});

test("portal pages and the API reference carry the page policy", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL);
  for (const path of [`/app/accounts/${api.account}/conversations`, `/app/accounts/${api.account}/planning`, "/api-docs", "/no-such-page"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
    await expectPageHeaders(response);
  }
});

test("a customer's quote page, its PDF and an attachment are served with their own policies", async ({ request }) => {
  const token = await sentQuoteToken(request);
  const page = await request.get(`/q/${token}`);
  expect(page.status()).toBe(200);
  // The link is the customer's credential: it never leaves in a Referer.
  await expectPageHeaders(page, "no-referrer");

  const pdf = await request.get(`/q/${token}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expectFileHeaders(pdf, "no-referrer");

  const list = await request.get(`/api/v1/accounts/${api.account}/conversations?status=all`, { headers: auth() });
  const conversation = ((await list.json()) as { data: { payload: { id: number }[] } }).data.payload[0]!;
  const message = await request.post(`/api/v1/accounts/${api.account}/conversations/${conversation.id}/messages`, {
    headers: auth(),
    multipart: {
      content: "A page that must not run",
      private: "true",
      "attachments[]": { name: "page.html", mimeType: "text/html", buffer: Buffer.from("<script>alert(document.cookie)</script>") },
    },
  });
  expect(message.status(), await message.text()).toBe(200);
  const [attachment] = ((await message.json()) as { attachments: { data_url: string }[] }).attachments;
  const file = await request.get(pathOf(attachment!.data_url));
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/octet-stream");
  expectFileHeaders(file);
});

/** Violations the page reports, and the console errors Chromium logs for them. */
const watchViolations = async (page: Page) => {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return seen;
};

test("the portal, the API reference and a quote page run with no policy violation", async ({ page, request }) => {
  const violations = await watchViolations(page);
  const token = await sentQuoteToken(request);
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in to Venuedesk" })).toBeVisible();
  // Signing in is the form's script at work: without it the browser would not get past this page.
  await signIn(page, ADMIN_EMAIL);
  await openAccountPage(page, "conversations", "Conversations");
  await openAccountPage(page, "planning", "Planning");
  // A client-side navigation loads more scripts, which 'strict-dynamic' must let in.
  await page.getByRole("complementary", { name: "Account navigation" }).getByRole("link", { name: "Conversations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conversations" })).toBeVisible();
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "Venuedesk API" })).toBeVisible();
  await page.waitForFunction(() => "next" in window);
  await page.goto(`/q/${token}`);
  await expect(page.getByRole("heading", { level: 1, name: "Header check" })).toBeVisible();
  // Its scripts run: ticking an option prices it again (10 × 3.50 + 9%, then 10 × 4.00 + 9% more).
  await expect(page.getByTestId("quote-total")).toHaveText("€38.15");
  await page.getByRole("checkbox", { name: "Cake" }).check();
  await expect(page.getByTestId("quote-total")).toHaveText("€81.75");
  expect(violations).toEqual([]);
});

test("a quote acceptance records the real client address, whatever forwarded headers the client sends", async ({ browser, request }, testInfo) => {
  const { token, url } = await sentQuote(request);
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": "6.6.6.6", "X-Real-IP": "6.6.6.7", Forwarded: "for=6.6.6.8" },
  });
  const page = await context.newPage();
  await page.goto(`/q/${token}`);
  await page.getByLabel("Your full name").fill("Maria Jansen");
  await page.getByRole("button", { name: "Accept quote" }).click();
  await expect(page.getByRole("heading", { name: "Quote accepted" })).toBeVisible();
  await context.close();
  const accepted = (await (await request.get(url, { headers: auth() })).json()) as { status: string; accepted_ip: string | null };
  expect(accepted).toMatchObject({ status: "accepted", accepted_ip: "127.0.0.1" });
});

test("a burst of failed sign-ins is answered 429 with Retry-After", async ({ request }) => {
  const email = `nobody-${Date.now()}@demo.venuedesk.test`;
  const attempt = async () => {
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    return request.post("/api/auth/callback/credentials", { form: { email, password: "wrong-password-1", csrfToken, json: "true" } });
  };
  for (let i = 0; i < 3; i++) expect((await attempt()).status()).not.toBe(429);
  const refused = await attempt();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ description: expect.stringContaining("Too many failed sign-in attempts"), errors: [] });
});
