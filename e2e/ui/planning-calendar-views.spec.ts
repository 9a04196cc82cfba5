import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * What the calendar shows and refuses, on a desk and on a phone: blocks named in the week view,
 * an hour scale, the month at a glance, drags over booked time refused while still dragging,
 * and a phone that opens at working hours without the page scrolling sideways. Spaces and
 * bookings are this test's own, on days past the demo data and the other calendar spec's.
 */

const zone = "Europe/Amsterdam";

/** A Wednesday about seven months ahead, plus whole weeks, as a local date. */
const farDate = (weeks: number) => {
  const day = new Date(Date.now() + 220 * 86_400_000 + weeks * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((10 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
};
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An Amsterdam wall time on a local date as UTC ISO. */
const at = async (page: Page, day: string, time: string) =>
  page.evaluate(
    ([d, t, z]) => {
      for (const offset of ["+01:00", "+02:00"]) {
        const instant = new Date(`${d}T${t}:00${offset}`);
        const wall = new Intl.DateTimeFormat("en-GB", { timeZone: z, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
        if (wall === t) return instant.toISOString();
      }
      throw new Error("no offset fits");
    },
    [day, time, zone] as const,
  );

type Api = { request: APIRequestContext; token: string; account: string };

const call = async (api: Api, method: "get" | "post", path: string, body?: unknown) => {
  const response = await api.request[method](`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
};

/** A pavilion with a studio inside it (which keeps office hours), and a few bookings and holds on `date`. */
const setUp = async (page: Page, date: string) => {
  const tag = Math.random().toString(36).slice(2, 8);
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  const api = { request: page.request, token, account };
  const pavilion = await call(api, "post", "spaces", { name: `Pavilion ${tag}`, timezone: zone, position: 950 });
  const everyDay = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, { open: "08:00", close: "22:00" }]));
  const studio = await call(api, "post", "spaces", {
    name: `Studio ${tag}`,
    timezone: zone,
    position: 951,
    parent_id: pavilion.id,
    working_hours_enabled: true,
    schedule: everyDay,
  });
  const allocate = async (spaceId: string, day: string, from: string, to: string, title: string, status: "confirmed" | "tentative") =>
    call(api, "post", "planning/allocations", { space_id: spaceId, start_at: await at(page, day, from), end_at: await at(page, day, to), title, status });
  await allocate(pavilion.id, date, "10:00", "12:00", `Gala ${tag}`, "confirmed");
  await allocate(pavilion.id, date, "16:00", "17:00", `Briefing ${tag}`, "confirmed");
  await allocate(studio.id, plusDays(date, 1), "15:00", "16:00", `Option ${tag}`, "tentative");
  return { api, tag, pavilion: `Pavilion ${tag}`, studio: `Studio ${tag}` };
};

const open = async (page: Page, date: string, view: "day" | "week" | "month") => {
  await page.goto(`/app/accounts/${accountIdOf(page)}/planning?date=${date}&view=${view}`);
  await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
};

const row = (page: Page, name: string) => page.getByRole("group", { name: `${name} timeline` });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const block = (page: Page, title: string) => page.getByRole("button", { name: new RegExp(`^${escape(title)}, `) });
/** A named chip in the month grid. */
const chip = (page: Page, title: string) => page.getByRole("list", { name: /^Planned on / }).getByRole("listitem").filter({ hasText: title });

/** The x of a wall time on a day-view row (06:00–24:00). */
const xAt = async (track: Locator, hour: number) => {
  const box = (await track.boundingBox())!;
  return { x: box.x + (box.width * (hour - 6)) / 18, y: box.y + box.height / 2 };
};

/** Presses at one hour and moves to another, still holding the button. */
const dragHeld = async (page: Page, track: Locator, fromHour: number, toHour: number) => {
  await track.scrollIntoViewIfNeeded();
  const from = await xAt(track, fromHour);
  const to = await xAt(track, toHour);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
};

test.describe("on a desk", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the week names its blocks on an hour scale, drags over bookings are refused as they happen, and the month opens a day", async ({ page }) => {
    test.setTimeout(90_000);
    const date = farDate(0);
    const { tag, pavilion, studio } = await setUp(page, date);

    // The week: every block carries its name, narrow ones beside them; the full words on hover and on focus.
    await open(page, date, "week");
    for (const name of [`Gala ${tag}`, `Briefing ${tag}`, `Option ${tag}`]) {
      await expect(block(page, name).getByText(name, { exact: true })).toBeVisible();
    }
    // Hours along the top, every three hours of each of the seven days.
    await expect(page.locator("[data-hour-label='09']")).toHaveCount(7);
    await expect(page.locator("[data-hour-label='18']").first()).toBeVisible();
    await block(page, `Gala ${tag}`).hover();
    const tooltip = page.getByRole("tooltip");
    await expect(tooltip).toContainText(`Gala ${tag}`);
    await expect(tooltip).toContainText(`${pavilion} · `);
    await expect(tooltip).toContainText("10:00–12:00");
    await expect(tooltip).toContainText("Confirmed");
    await screenshot(page, "calendar-week-desktop");
    await page.mouse.move(0, 0);
    await expect(tooltip).toHaveCount(0);
    // The keyboard gets the same words.
    const option = block(page, `Option ${tag}`);
    await option.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(option).toBeFocused();
    await expect(tooltip).toContainText(`Option ${tag}`);
    await expect(tooltip).toContainText("15:00–16:00");
    await expect(tooltip).toContainText("Hold #1");
    await expect(option).toHaveAttribute("aria-describedby", (await tooltip.getAttribute("id"))!);

    // The day: an hour-long block still says what, when and which status.
    await page.getByRole("button", { name: "Day", exact: true }).click();
    const briefing = block(page, `Briefing ${tag}`);
    await expect(briefing).toHaveAttribute("data-label", "inside");
    await expect(briefing.getByText("16:00", { exact: true })).toBeVisible();
    await expect(briefing.getByText("Confirmed", { exact: true })).toBeVisible();

    // Sketching over the gala is refused while the button is still down, and letting go opens nothing.
    await dragHeld(page, row(page, pavilion), 13, 11);
    await expect(page.getByRole("status").filter({ hasText: `Booked: Gala ${tag} 10:00–12:00` })).toBeVisible();
    await expect(page.getByTestId("calendar-ghost")).toHaveAttribute("data-refused", "true");
    await screenshot(page, "calendar-day-refused-desktop");
    await page.mouse.up();
    await expect(page.getByRole("dialog", { name: "New allocation" })).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: "nothing was placed" })).toBeVisible();

    // The studio is inside the pavilion: the gala blocks it too, and the refusal says where.
    await dragHeld(page, row(page, studio), 9, 11);
    await expect(page.getByRole("status").filter({ hasText: `Booked: Gala ${tag} 10:00–12:00 in ${pavilion}` })).toBeVisible();
    await page.mouse.up();
    await expect(page.getByRole("dialog", { name: "New allocation" })).toHaveCount(0);

    // Back off the booked time, the sketch is allowed again.
    await dragHeld(page, row(page, pavilion), 13, 11);
    await expect(page.getByTestId("calendar-ghost")).toHaveAttribute("data-refused", "true");
    const free = await xAt(row(page, pavilion), 14.5);
    await page.mouse.move(free.x, free.y, { steps: 6 });
    await expect(page.getByTestId("calendar-ghost")).not.toHaveAttribute("data-refused");
    await expect(page.getByRole("status").filter({ hasText: "Booked:" })).toHaveCount(0);
    await page.mouse.up();
    const dialog = page.getByRole("dialog", { name: "New allocation" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Moving the briefing onto the gala is refused on the way; it stays at 16:00.
    await dragHeld(page, row(page, pavilion), 16.5, 11.5);
    await expect(page.getByRole("status").filter({ hasText: `Booked: Gala ${tag} 10:00–12:00` })).toBeVisible();
    await page.mouse.up();
    await expect(page.getByRole("alert").filter({ hasText: "the block stayed where it was" })).toBeVisible();
    await expect(briefing).toHaveAttribute("aria-label", /16:00–17:00/);

    // The month: each day lists its bookings and holds by name; a day opens in the day view.
    await page.getByRole("button", { name: "Month", exact: true }).click();
    await expect(page).toHaveURL(/view=month/);
    const gala = chip(page, `Gala ${tag}`);
    await expect(gala).toBeVisible();
    await expect(gala).toHaveAttribute("data-status", "confirmed");
    await expect(chip(page, `Option ${tag}`)).toHaveAttribute("data-status", "tentative");
    await screenshot(page, "calendar-month-desktop");
    await gala.click();
    await expect(page).toHaveURL(/view=day/);
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    await expect(page.getByRole("button", { name: "Day", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(block(page, `Gala ${tag}`)).toBeVisible();

    // The month survives a reload from its URL.
    await open(page, date, "month");
    await expect(page.getByRole("button", { name: "Month", exact: true })).toHaveAttribute("aria-pressed", "true");
    await page.locator(`li[data-date='${plusDays(date, 1)}']`).getByRole("button", { name: /Open in day view$/ }).click();
    await expect(page).toHaveURL(/view=day/);
    await expect(page).toHaveURL(new RegExp(`date=${plusDays(date, 1)}`));
    await expect(block(page, `Option ${tag}`)).toBeVisible();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the day opens at working hours, names are readable and the page never scrolls sideways", async ({ page }) => {
    test.setTimeout(90_000);
    const date = farDate(1);
    const { api, tag, pavilion, studio } = await setUp(page, date);
    // The earliest opening that day among the account's active spaces, else 08:00.
    const { spaces } = (await call(api, "get", "spaces")) as { spaces: { active: boolean; working_hours_enabled: boolean; schedule: Record<string, { open: string }> | null }[] };
    const weekday = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    const openings = spaces.flatMap((space) => (space.active && space.working_hours_enabled && space.schedule?.[weekday] ? [space.schedule[weekday].open.slice(0, 2)] : []));
    const opening = `${openings.sort()[0] ?? "08"}:00`;

    await open(page, date, "day");
    await expect(row(page, pavilion)).toBeVisible();
    // The first hour in view beside the names is the opening hour (the day scrolls there once laid out).
    const firstHour = () =>
      page.evaluate(() => {
        const track = document.querySelector("[role=group][aria-label$=' timeline']")!;
        const names = track.previousElementSibling!.getBoundingClientRect();
        const labels = [...document.querySelectorAll<HTMLElement>("[data-hour-label]")];
        return labels.find((label) => label.getBoundingClientRect().left >= names.right - 2)?.dataset.hourLabel;
      });
    await expect.poll(firstHour).toBe(opening);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Space names wrap in their column rather than shrinking to a few letters.
    for (const name of [pavilion, studio]) {
      const label = page.getByText(name);
      await expect(label).toBeVisible();
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    }
    await expect(block(page, `Gala ${tag}`)).toBeVisible();
    await screenshot(page, "calendar-day-phone");

    await page.getByRole("button", { name: "Week", exact: true }).click();
    await expect(block(page, `Option ${tag}`).getByText(`Option ${tag}`, { exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "calendar-week-phone");

    await page.getByRole("button", { name: "Month", exact: true }).click();
    const gala = chip(page, `Gala ${tag}`);
    await expect(gala).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "calendar-month-phone");
    await gala.click();
    await expect(page).toHaveURL(/view=day/);
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    await expect(block(page, `Gala ${tag}`)).toBeVisible();
  });
});
