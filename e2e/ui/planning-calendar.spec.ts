import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, AGENT_EMAIL, accountIdOf, openAccountPage, screenshot, signIn } from "./helpers";

/*
 * The planner's calendar, against a space of this test's own on a day far past the demo data
 * (the demo venue books the next four weeks): drag to book, a clash refused while dragging and
 * in the server's words, moves and resizes, and a hold placed from "Find a slot".
 */

test.use({ viewport: { width: 1440, height: 1000 } });

const zone = "Europe/Amsterdam";

/** A Tuesday about half a year ahead, as a local date. */
const farDate = () => {
  const day = new Date(Date.now() + 180 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((9 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
};
const date = farDate();
const nextDay = (days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An Amsterdam wall time on a local date as UTC ISO (the date is past DST changes, which happen at night). */
const at = async (page: Page, day: string, time: string) =>
  page.evaluate(
    ([d, t, z]) => {
      // Try both plausible offsets and keep the one whose wall time reads back right.
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
/** Names of this test's own: spaces and titles no other run shares. */
type Names = { tag: string; pavilion: string; studio: string };

const post = async (api: Api, path: string, body: unknown) => {
  const response = await api.request.post(`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token }, data: body });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
};

const setUp = async (page: Page): Promise<Api & Names & { pavilionId: string; studioId: string }> => {
  const tag = Math.random().toString(36).slice(2, 8);
  const pavilion = `Pavilion ${tag}`;
  const studio = `Studio ${tag}`;
  await signIn(page, ADMIN_EMAIL);
  const account = accountIdOf(page);
  await openAccountPage(page, "profile", "Profile");
  const token = await page.getByLabel("Access token", { exact: true }).inputValue();
  const api = { request: page.request, token, account };
  const parent = await post(api, "spaces", { name: pavilion, timezone: zone, position: 900, banquet: 200 });
  // The studio sits inside the pavilion and keeps office hours.
  const everyDay = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, { open: "08:00", close: "22:00" }]));
  const child = await post(api, "spaces", {
    name: studio,
    timezone: zone,
    position: 901,
    parent_id: parent.id,
    working_hours_enabled: true,
    schedule: everyDay,
    max_tentative_allocations: 3,
    boardroom: 20,
  });
  return { ...api, tag, pavilion, studio, pavilionId: parent.id, studioId: child.id };
};

const openCalendar = async (page: Page, view: "day" | "week" = "day") => {
  await page.goto(`/app/accounts/${accountIdOf(page)}/planning?date=${date}&view=${view}`);
  await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
};

const row = (page: Page, name: string) => page.getByRole("group", { name: `${name} timeline` });

/** The x of a wall time on a day-view row (06:00–24:00). */
const xAt = async (track: Locator, hour: number) => {
  const box = (await track.boundingBox())!;
  return { x: box.x + (box.width * (hour - 6)) / 18, y: box.y + box.height / 2 };
};

/** Presses at one hour and moves to another without letting go, so a test can look at the drag. */
const dragHeld = async (page: Page, track: Locator, fromHour: number, toHour: number) => {
  await track.scrollIntoViewIfNeeded();
  const from = await xAt(track, fromHour);
  const to = await xAt(track, toHour);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
};

const dragOn = async (page: Page, track: Locator, fromHour: number, toHour: number) => {
  await dragHeld(page, track, fromHour, toHour);
  await page.mouse.up();
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const block = (page: Page, title: string) => page.getByRole("button", { name: new RegExp(`^${escape(title)}, `) });

test("a planner books by dragging, sees clashes refused, moves and resizes, and places a hold from Find a slot", async ({ page }) => {
  test.setTimeout(120_000);
  const api = await setUp(page);
  const { tag: suffix, pavilion, studio } = api;
  // Holds and a buffered booking on the studio, and the next days, so the views have something to show.
  await post(api, "planning/allocations", { space_id: api.studioId, start_at: await at(page, date, "17:00"), end_at: await at(page, date, "20:00"), title: `Board offsite (option) ${suffix}` });
  await post(api, "planning/allocations", { space_id: api.studioId, start_at: await at(page, date, "18:00"), end_at: await at(page, date, "21:00"), title: `Book launch (option) ${suffix}` });
  await post(api, "planning/allocations", {
    space_id: api.studioId,
    start_at: await at(page, date, "21:30"),
    end_at: await at(page, date, "23:00"),
    title: `Late recording ${suffix}`,
    status: "confirmed",
    buffer_before_min: 30,
    buffer_after_min: 60,
  });
  await post(api, "planning/allocations", {
    space_id: api.pavilionId,
    start_at: await at(page, nextDay(1), "09:00"),
    end_at: await at(page, nextDay(1), "18:00"),
    title: `Conference ${suffix}`,
    status: "confirmed",
    buffer_before_min: 120,
    buffer_after_min: 60,
  });
  await post(api, "planning/allocations", { space_id: api.studioId, start_at: await at(page, nextDay(2), "10:00"), end_at: await at(page, nextDay(2), "16:00"), title: `Workshop hold ${suffix}` });

  await openCalendar(page);
  await expect(page.getByText(`Times in ${zone}`)).toBeVisible();
  const track = row(page, pavilion);
  await expect(track).toBeVisible();

  // Drag 10:00 → 12:00 on the pavilion: the dialog proposes that window; book it.
  await dragOn(page, track, 10, 12);
  let dialog = page.getByRole("dialog", { name: "New allocation" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Starts")).toHaveValue(`${date}T10:00`);
  await expect(dialog.getByLabel("Ends")).toHaveValue(`${date}T12:00`);
  await expect(dialog.getByLabel("Space")).toHaveValue(api.pavilionId);
  await dialog.getByLabel("Title").fill(`Wedding ${suffix}`);
  await dialog.getByRole("radio", { name: "Confirmed" }).check();
  await dialog.getByLabel("Buffer after (minutes)").fill("30");
  await dialog.getByRole("button", { name: "Book" }).click();
  await expect(dialog).toBeHidden();
  await expect(block(page, `Wedding ${suffix}`)).toHaveAttribute("aria-label", new RegExp(`${pavilion}, .* 10:00–12:00, Confirmed`));
  await expect(block(page, `Wedding ${suffix}`)).toHaveAttribute("data-status", "confirmed");

  // A second booking dragged over it, right to left from empty time: refused while dragging, and
  // letting go there proposes nothing.
  await dragHeld(page, track, 13, 11);
  await expect(page.getByRole("status").filter({ hasText: `Booked: Wedding ${suffix} 10:00–12:00` })).toBeVisible();
  await expect(page.getByTestId("calendar-ghost")).toHaveAttribute("data-refused", "true");
  await page.mouse.up();
  await expect(page.getByRole("alert").filter({ hasText: "Booked:" })).toHaveText(`Booked: Wedding ${suffix} 10:00–12:00 — nothing was placed.`);
  await expect(page.getByRole("dialog", { name: "New allocation" })).toHaveCount(0);

  // Typed over it in the dialog instead: the server refuses, in the dialog, in local time.
  await dragOn(page, track, 14, 13);
  dialog = page.getByRole("dialog", { name: "New allocation" });
  await expect(dialog.getByLabel("Starts")).toHaveValue(`${date}T13:00`);
  await dialog.getByLabel("Starts").fill(`${date}T11:00`);
  await dialog.getByLabel("Title").fill(`Clash ${suffix}`);
  await dialog.getByRole("radio", { name: "Confirmed" }).check();
  await dialog.getByRole("button", { name: "Book" }).click();
  // Told by the server once, on the space's clock: the day, the times and the zone.
  await expect(dialog.getByRole("alert")).toHaveText(new RegExp(`^${pavilion} is already booked \\w{3}, .*, 10:00–12:00 \\(.+\\) for Wedding ${suffix}$`));
  await expect(dialog).toBeVisible();
  await screenshot(page, "planning-calendar-conflict");
  // A hold cannot sit on booked time either.
  await dialog.getByRole("radio", { name: "Hold" }).check();
  await dialog.getByRole("button", { name: "Place hold" }).click();
  await expect(dialog.getByRole("alert")).toContainText("is already booked");
  await expect(dialog.getByRole("alert")).toContainText("10:00–12:00");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(block(page, `Clash ${suffix}`)).toHaveCount(0);

  // Lunch at 14:00–15:00, then dragged onto the wedding: refused on the way, it stays where it was.
  await dragOn(page, track, 14, 15);
  dialog = page.getByRole("dialog", { name: "New allocation" });
  await dialog.getByLabel("Title").fill(`Lunch ${suffix}`);
  await dialog.getByRole("radio", { name: "Confirmed" }).check();
  await dialog.getByRole("button", { name: "Book" }).click();
  await expect(dialog).toBeHidden();
  const lunch = block(page, `Lunch ${suffix}`);
  await expect(lunch).toHaveAttribute("aria-label", /14:00–15:00/);
  await dragHeld(page, track, 14.5, 11.5);
  await expect(page.getByRole("status").filter({ hasText: `Booked: Wedding ${suffix} 10:00–12:00` })).toBeVisible();
  await page.mouse.up();
  await expect(page.getByRole("alert").filter({ hasText: "Booked:" })).toHaveText(`Booked: Wedding ${suffix} 10:00–12:00 — the block stayed where it was.`);
  await expect(lunch).toHaveAttribute("aria-label", /14:00–15:00/);

  // Moved an hour later, then stretched by its right edge to 17:00.
  await dragOn(page, track, 14.5, 15.5);
  await expect(lunch).toHaveAttribute("aria-label", /15:00–16:00/);
  await lunch.scrollIntoViewIfNeeded();
  const box = (await lunch.boundingBox())!;
  const to = await xAt(track, 17);
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(lunch).toHaveAttribute("aria-label", /15:00–17:00/);

  // Dropped on the studio's row, it moves into the studio (a booking of the studio blocks the pavilion too).
  await row(page, studio).scrollIntoViewIfNeeded();
  const center = (await lunch.boundingBox())!;
  const studioBox = (await row(page, studio).boundingBox())!;
  await page.mouse.move(center.x + center.width / 2, center.y + center.height / 2);
  await page.mouse.down();
  await page.mouse.move(center.x + center.width / 2, studioBox.y + studioBox.height / 2, { steps: 6 });
  // The block shows where it landed at once; the details form below starts from the server's
  // answer, so wait for it (a slow answer would reset what the test types there).
  const moved = page.waitForResponse((response) => response.request().method() === "POST" && (response.request().postData() ?? "").includes(api.studioId));
  await page.mouse.up();
  await expect(lunch).toHaveAttribute("aria-label", new RegExp(`${studio}, .* 15:00–17:00`));
  await moved;

  // Clicking opens the details; the title is edited there.
  await lunch.click();
  await expect(page.getByRole("dialog", { name: `Lunch ${suffix}` })).toBeVisible();
  // Its heading (the dialog's name) follows the title once saved.
  const panel = page.getByRole("dialog");
  await panel.getByLabel("Title").fill(`Lunch buffet ${suffix}`);
  await panel.getByLabel("Description").fill("Cold buffet for 40");
  await panel.getByRole("button", { name: "Save changes" }).click();
  await expect(panel.getByText("Changes saved.")).toBeVisible();
  await screenshot(page, "planning-calendar-details");
  await expect(block(page, `Lunch buffet ${suffix}`)).toBeVisible();
  await panel.getByRole("button", { name: "Close details" }).click();
  await expect(panel).toBeHidden();
  await screenshot(page, "planning-calendar-day");

  // Find a slot: two hours on the pavilion that day, between 08:00 and 22:00.
  await page.getByRole("button", { name: "Find a slot" }).click();
  const finder = page.getByRole("region", { name: "Find a slot" });
  await finder.getByLabel("Duration (hours)").fill("2");
  await finder.getByLabel("From date").fill(date);
  await finder.getByLabel("Until date").fill(date);
  await finder.getByLabel("Daily from").fill("08:00");
  await finder.getByLabel("Daily until").fill("22:00");
  await finder.getByRole("button", { name: "Clear" }).click();
  await finder.getByRole("checkbox", { name: pavilion, exact: true }).check();
  await finder.getByLabel("Hold title").fill(`Option ${suffix}`);
  await finder.getByRole("button", { name: "Search" }).click();
  const slots = finder.getByRole("list", { name: "Available slots" });
  // 08:00–10:00 ends as the wedding starts; it is the first window free of bookings.
  await expect(slots.getByRole("listitem").first()).toContainText(`${pavilion}`);
  await expect(slots.getByRole("listitem").first()).toContainText("08:00–10:00");
  await expect(slots.getByRole("listitem").filter({ hasText: "10:00–12:00" })).toHaveCount(0);
  await screenshot(page, "planning-calendar-find-slot");
  await slots.getByRole("listitem").first().getByRole("button", { name: /^Place hold on/ }).click();
  await expect(slots.getByRole("listitem").first()).toContainText("Hold placed");
  const hold = block(page, `Option ${suffix}`);
  await expect(hold).toHaveAttribute("aria-label", /08:00–10:00, Hold #1/);
  await expect(hold).toHaveAttribute("data-status", "tentative");
  // Searching again, the slot is still offered (holds do not block) but says a hold overlaps.
  await finder.getByRole("button", { name: "Search" }).click();
  await expect(slots.getByRole("listitem").first()).toContainText("1 hold overlaps");

  // The week view shows the same plan, and the following days.
  await finder.getByRole("button", { name: "Close find a slot" }).click();
  await page.getByRole("button", { name: "Week", exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(block(page, `Conference ${suffix}`)).toBeVisible();
  await expect(block(page, `Workshop hold ${suffix}`)).toBeVisible();
  await expect(block(page, `Wedding ${suffix}`)).toBeVisible();
  await screenshot(page, "planning-calendar-week");

  // Cancelling hides the allocation unless cancelled ones are asked for.
  await page.getByRole("button", { name: "Day", exact: true }).click();
  await block(page, `Lunch buffet ${suffix}`).click();
  const lunchPanel = page.getByRole("dialog", { name: `Lunch buffet ${suffix}` });
  await lunchPanel.getByRole("button", { name: "Cancel allocation" }).click();
  await expect(lunchPanel.getByText("Cancelled; the time is free again.")).toBeVisible();
  await lunchPanel.getByRole("button", { name: "Close details" }).click();
  await expect(block(page, `Lunch buffet ${suffix}`)).toHaveCount(0);
  await page.getByLabel("Show cancelled and expired").check();
  await expect(block(page, `Lunch buffet ${suffix}`)).toHaveAttribute("data-status", "cancelled");
});

test("members without the planning permission see the calendar read-only", async ({ page, browser }) => {
  const api = await setUp(page);
  const { tag, pavilion } = api;
  await post(api, "planning/allocations", {
    space_id: api.pavilionId,
    start_at: await at(page, date, "12:00"),
    end_at: await at(page, date, "14:00"),
    title: `Read-only check ${tag}`,
    status: "confirmed",
  });

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, AGENT_EMAIL);
  await openCalendar(agent);
  await expect(agent.getByText("Read-only: you can see the plan")).toBeVisible();
  await expect(agent.getByRole("button", { name: "New allocation" })).toHaveCount(0);

  // Dragging on empty time proposes nothing.
  await dragOn(agent, row(agent, pavilion), 8, 10);
  await expect(agent.getByRole("dialog", { name: "New allocation" })).toHaveCount(0);

  await block(agent, `Read-only check ${tag}`).click();
  const panel = agent.getByRole("dialog", { name: `Read-only check ${tag}` });
  await expect(panel.getByLabel("Title")).toHaveAttribute("readonly", "");
  await expect(panel.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(panel.getByText("changing it needs the planning permission")).toBeVisible();
  await panel.getByRole("button", { name: "Close details" }).click();
  // On a phone the grid scrolls sideways; the space names stay in view.
  await agent.setViewportSize({ width: 390, height: 844 });
  await expect(row(agent, pavilion)).toBeVisible();
  await screenshot(agent, "planning-calendar-mobile");
  await agentContext.close();
});
