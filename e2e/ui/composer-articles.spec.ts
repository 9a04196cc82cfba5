import { expect, test } from "@playwright/test";
import { AGENT_EMAIL, postAs, screenshot, signInWithToken, type UserApi } from "./helpers";

/*
 * Agents use the help center in the conversation composer: in an inbox linked to a portal (the
 * demo's "Website chat" → canal-house) they search its published articles while typing, put one in
 * the reply as a Markdown link, or send it as an article message the conversation shows as a card.
 */

const viewports = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

type Inbox = { id: number; name: string; help_center?: { slug: string } };

/**
 * A new conversation in the named inbox (so the test's messages are its own), with one of the
 * demo's contacts: other tests count the demo's contacts, so none is added.
 */
const conversationIn = async (api: UserApi, inboxName: string) => {
  const get = async (path: string) => (await api.request.get(`/api/v1/accounts/${api.account}/${path}`, { headers: { api_access_token: api.token } })).json();
  const inbox = ((await get("inboxes")).payload as Inbox[]).find((item) => item.name === inboxName)!;
  const [contact] = (await get("contacts?sort=name")).payload as { id: number; name: string }[];
  const conversation = await postAs(api, "conversations", { inbox_id: inbox.id, contact_id: contact!.id, message: { content: "How do I get to the venue?" } });
  return { inbox, id: conversation.id as number, contactName: contact!.name };
};

for (const viewport of viewports) {
  test(`an agent finds a published article while typing, inserts it as a link and sends it as an article card (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const api = await signInWithToken(page, AGENT_EMAIL);
    const chat = await conversationIn(api, "Website chat");
    expect(chat.inbox.help_center?.slug).toBe("canal-house");

    await page.goto(`/app/accounts/${api.account}/conversations/${chat.id}`);
    await expect(page.getByRole("heading", { level: 2, name: chat.contactName })).toBeVisible();
    const message = page.getByRole("textbox", { name: "Message" });
    await message.fill("Here is how to get here:");

    // The picker: a dialog whose search field has focus; the draft never appears, whatever is typed.
    const trigger = page.getByRole("button", { name: "Insert article" });
    await trigger.click();
    const picker = page.getByRole("dialog", { name: "Insert an article" });
    const search = picker.getByRole("searchbox", { name: "Search the help center" });
    await expect(search).toBeFocused();
    await search.fill("wedding packages");
    await expect(picker.getByRole("status")).toHaveText("No published article in English matches “wedding packages”.");
    await expect(picker.getByText("Wedding packages 2028")).toHaveCount(0);

    // Escape closes it and focus goes back to the button.
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await expect(trigger).toBeFocused();

    // Half a word finds the article, with its snippet.
    await trigger.click();
    await search.fill("parki");
    const result = picker.getByRole("list", { name: "Articles" }).getByRole("listitem").filter({ hasText: "Parking and deliveries" });
    await expect(result).toBeVisible();
    await expect(result).toContainText("Where guests park and where suppliers unload.");
    await expect(picker.getByText("Wedding packages 2028")).toHaveCount(0);
    // The help center speaks English and French: the search starts in its default language.
    const language = picker.getByRole("combobox", { name: "Language" });
    await expect(language).toHaveValue("en");
    await expect(picker.getByText("Stationnement et livraisons")).toHaveCount(0);
    await language.selectOption({ label: "French" });
    await expect(picker.getByRole("list", { name: "Articles" }).getByRole("listitem").filter({ hasText: "Stationnement et livraisons" })).toBeVisible();
    await expect(result).toHaveCount(0);
    await language.selectOption({ label: "All languages" });
    await expect(picker.getByRole("listitem").filter({ hasText: "Stationnement et livraisons" })).toContainText("French");
    await expect(result).toContainText("English");
    await language.selectOption("en");
    await expect(picker.getByText("Stationnement et livraisons")).toHaveCount(0);
    await screenshot(page, `composer-article-search-${viewport.name}`);

    // "Insert link" puts the Markdown link where the caret was and gives the reply its focus back.
    await result.getByRole("button", { name: "Insert link" }).click();
    await expect(picker).toBeHidden();
    await expect(message).toBeFocused();
    await expect(message).toHaveValue(/^Here is how to get here: \[Parking and deliveries\]\(http:\/\/[^)]+\/hc\/canal-house\/articles\/[^)]+\)$/);

    // "Send as article": the conversation shows the card, its title a link to the public page in a new tab.
    await trigger.click();
    await search.fill("parki");
    await result.getByRole("button", { name: "Send as article" }).click();
    await expect(picker).toBeHidden();
    const log = page.getByRole("log", { name: "Messages" });
    const card = log.getByRole("link", { name: /Parking and deliveries/ });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute("href", /^http:\/\/[^/]+\/hc\/canal-house\/articles\/[^/]+$/);
    await expect(card).toHaveAttribute("target", "_blank");
    await expect(card).toHaveAttribute("rel", "noopener noreferrer");
    await expect(log.getByText("Where guests park and where suppliers unload.")).toBeVisible();
    // The typed reply is still there to send.
    await expect(message).toHaveValue(/\[Parking and deliveries\]/);
    // The public page it links to is the article's.
    const href = (await card.getAttribute("href"))!;
    const publicPage = await page.request.get(new URL(href).pathname);
    expect(publicPage.status()).toBe(200);
    expect(await publicPage.text()).toContain("Parking and deliveries");

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `composer-article-card-${viewport.name}`);

    // An inbox without a help center has no "Insert article".
    const plain = await conversationIn(api, "Website enquiries");
    expect(plain.inbox.help_center).toBeUndefined();
    await page.goto(`/app/accounts/${api.account}/conversations/${plain.id}`);
    await expect(page.getByRole("heading", { level: 2, name: plain.contactName })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Insert article" })).toHaveCount(0);
  });
}
