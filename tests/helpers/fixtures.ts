import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { spaces } from "@/db/schema";
import { upsertMembership } from "@/lib/accounts/create-account";
import type { Role } from "@/lib/auth/permissions";
import { api, type ApiResponse, type CallOptions } from "./app";
import { joinInbox, makeBot, makeMember, makePlatformApp, makeTeam } from "./factories";
import { signedLogoPath } from "@/lib/knowledge-base/logo";

/**
 * One account with a record of every kind the API serves, so generated requests name real
 * records and reach deep into handlers: users of each role, tokens of each kind, a platform
 * app's own account, user and bot, an API inbox with a contact and a Client API session,
 * conversations with messages and an attachment, and the planning and pricing records down to
 * a draft and a sent quote. Every name carries `tag`, so a response that shows another
 * account's records can be recognised.
 *
 * Requests change and delete these records; `ensureFixtures` puts back whatever is gone.
 */
export type Fixture = {
  tag: string;
  accountId: number;
  admin: { id: number; token: string };
  agent: { id: number; token: string };
  /** A second agent: the target of agent updates and deletions. */
  member: { id: number; token: string };
  /** The user whose profile requests change (a reset of their token must not lock others out). */
  profile: { id: number; token: string };
  bot: { id: number; token: string };
  platform: { appId: number; token: string; accountId: number; userId: number; botId: number };
  inbox: { id: number; identifier: string; hmacToken: string };
  contact: { id: number; sourceId: string; email: string };
  /** A customer's Client API session in the inbox, with a conversation and a message. */
  client: { contactId: number; sourceId: string; conversationId: number; messageId: number };
  conversation: { displayId: number; messageId: number };
  attachment: { id: number; messageId: number; expires: string; signature: string };
  team: { id: number };
  label: { id: number; title: string };
  customAttribute: { id: number; key: string };
  customFilter: { id: number };
  cannedResponse: { id: number };
  /** A gallery with one image behind its signed link (a space's photos). */
  gallery: { id: number; imageId: number; expires: string; signature: string };
  company: { id: number };
  venue: { id: string };
  hall: { id: string; resourceId: string; calendarToken: string };
  room: { id: string };
  rate: { id: number };
  pricingPlan: { id: number };
  discountCode: { id: number; code: string };
  event: { id: string; allocationId: string };
  allocation: { id: string };
  draftQuote: { id: number };
  sentQuote: { id: number; publicToken: string };
  // Knowledge bases
  /** A help center (with the signed link its logo would have), a category and a published article in it. */
  portal: { id: number; slug: string; logoExpires: string; logoSignature: string };
  category: { id: number };
  article: { id: number };
};

const unique = () => randomBytes(4).toString("hex");

/** A 1×1 transparent PNG. */
const onePixelPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

const ok = async <T = any>(response: Promise<ApiResponse<T>>, what: string): Promise<T> => {
  const res = await response;
  if (res.status >= 300) throw new Error(`fixture ${what}: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body;
};

type Ctx = { fixture: Fixture; base: string };

const as = (token: string, extra: CallOptions = {}): CallOptions => ({ token, ...extra });

/** The next Monday at least `weeks` weeks ahead, 09:00 UTC: far from now, inside working hours. */
const futureMonday = (weeks: number) => {
  const day = new Date();
  day.setUTCHours(9, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + weeks * 7 + ((8 - day.getUTCDay()) % 7));
  return day;
};
/** Each event and allocation made takes the next week, so re-creations do not collide with what is there. */
let weeksTaken = 0;
const hours = (start: Date, count: number) => new Date(start.getTime() + count * 3_600_000).toISOString();

const create = {
  platformUser: async ({ fixture }: Ctx) => {
    const user = await ok(
      api.post("/platform/api/v1/users", as(fixture.platform.token, { body: { name: `Platform user ${fixture.tag}`, email: `platform-${unique()}@example.test` } })),
      "platform user",
    );
    fixture.platform.userId = user.id;
  },
  platformAccount: async ({ fixture }: Ctx) => {
    const headers = as(fixture.platform.token);
    const account = await ok(api.post("/platform/api/v1/accounts", { ...headers, body: { name: `Platform account ${fixture.tag}` } }), "platform account");
    await ok(
      api.post(`/platform/api/v1/accounts/${account.id}/account_users`, { ...headers, body: { user_id: fixture.platform.userId, role: "administrator" } }),
      "platform account user",
    );
    fixture.platform.accountId = account.id;
  },
  platformBot: async ({ fixture }: Ctx) => {
    const bot = await ok(api.post("/platform/api/v1/agent_bots", as(fixture.platform.token, { body: { name: `Platform bot ${fixture.tag}` } })), "platform bot");
    fixture.platform.botId = bot.id;
  },
  inbox: async ({ fixture, base }: Ctx) => {
    const inbox = await ok(api.post(`${base}/inboxes`, as(fixture.admin.token, { body: { name: `Inbox ${fixture.tag}`, channel: { type: "api" } } })), "inbox");
    await joinInbox(fixture.accountId, inbox.id);
    fixture.inbox = { id: inbox.id, identifier: inbox.inbox_identifier, hmacToken: inbox.hmac_token };
  },
  contact: async ({ fixture, base }: Ctx) => {
    const email = `guest-${unique()}@example.test`;
    const contact = await ok(
      api.post(`${base}/contacts`, as(fixture.admin.token, { body: { name: `Contact ${fixture.tag}`, email, inbox_id: fixture.inbox.id, source_id: `src-${fixture.tag}-${unique()}` } })),
      "contact",
    );
    fixture.contact = { id: contact.payload.contact.id, sourceId: contact.payload.contact_inbox.source_id, email };
  },
  contactInbox: async ({ fixture, base }: Ctx) => {
    const made = await ok(
      api.post(`${base}/contacts/${fixture.contact.id}/contact_inboxes`, as(fixture.admin.token, { body: { inbox_id: fixture.inbox.id, source_id: `src-${fixture.tag}-${unique()}` } })),
      "contact inbox",
    );
    fixture.contact.sourceId = made.source_id;
  },
  client: async ({ fixture }: Ctx) => {
    const pub = `/public/api/v1/inboxes/${fixture.inbox.identifier}`;
    const contact = await ok(api.post(`${pub}/contacts`, { body: { name: `Customer ${fixture.tag}` } }), "client contact");
    const conversation = await ok(api.post(`${pub}/contacts/${contact.source_id}/conversations`, { body: {} }), "client conversation");
    const message = await ok(
      api.post(`${pub}/contacts/${contact.source_id}/conversations/${conversation.id}/messages`, { body: { content: `Hello ${fixture.tag}` } }),
      "client message",
    );
    fixture.client = { contactId: contact.id, sourceId: contact.source_id, conversationId: conversation.id, messageId: message.id };
  },
  conversation: async ({ fixture, base }: Ctx) => {
    const conversation = await ok(
      api.post(`${base}/conversations`, as(fixture.admin.token, { body: { inbox_id: fixture.inbox.id, contact_id: fixture.contact.id, message: { content: `Hi ${fixture.tag}` } } })),
      "conversation",
    );
    const message = await ok(api.post(`${base}/conversations/${conversation.id}/messages`, as(fixture.admin.token, { body: { content: `Reply ${fixture.tag}` } })), "message");
    fixture.conversation = { displayId: conversation.id, messageId: message.id };
  },
  message: async ({ fixture, base }: Ctx) => {
    const message = await ok(
      api.post(`${base}/conversations/${fixture.conversation.displayId}/messages`, as(fixture.admin.token, { body: { content: `Reply ${fixture.tag}` } })),
      "message",
    );
    fixture.conversation.messageId = message.id;
  },
  attachment: async ({ fixture, base }: Ctx) => {
    const form = new FormData();
    form.append("content", `Floor plan ${fixture.tag}`);
    form.append("attachments[]", new File(["plain text"], "plan.txt", { type: "text/plain" }));
    const message = await ok(api.post(`${base}/conversations/${fixture.conversation.displayId}/messages`, as(fixture.admin.token, { multipart: form })), "attachment");
    const [attachment] = message.attachments;
    const link = new URL(attachment.data_url, "http://localhost");
    fixture.attachment = { id: attachment.id, messageId: message.id, expires: link.searchParams.get("expires")!, signature: link.searchParams.get("signature")! };
  },
  team: async ({ fixture, base }: Ctx) => {
    const team = await ok(api.post(`${base}/teams`, as(fixture.admin.token, { body: { name: `Team ${fixture.tag} ${unique()}` } })), "team");
    fixture.team = { id: team.id };
  },
  label: async ({ fixture, base }: Ctx) => {
    const title = `label_${fixture.tag}_${unique()}`;
    const label = await ok(api.post(`${base}/labels`, as(fixture.admin.token, { body: { title } })), "label");
    fixture.label = { id: label.id, title: label.title };
  },
  customAttribute: async ({ fixture, base }: Ctx) => {
    const key = `attr_${fixture.tag}_${unique()}`;
    const made = await ok(
      api.post(`${base}/custom_attribute_definitions`, as(fixture.admin.token, { body: { attribute_display_name: `Attribute ${fixture.tag}`, attribute_key: key } })),
      "custom attribute",
    );
    fixture.customAttribute = { id: made.id, key };
  },
  customFilter: async ({ fixture, base }: Ctx) => {
    const query = { payload: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null }] };
    const made = await ok(api.post(`${base}/custom_filters`, as(fixture.admin.token, { body: { name: `Filter ${fixture.tag}`, type: "conversation", query } })), "custom filter");
    fixture.customFilter = { id: made.id };
  },
  cannedResponse: async ({ fixture, base }: Ctx) => {
    const made = await ok(
      api.post(`${base}/canned_responses`, as(fixture.admin.token, { body: { short_code: `sc-${fixture.tag}-${unique()}`, content: `Canned ${fixture.tag}` } })),
      "canned response",
    );
    fixture.cannedResponse = { id: made.id };
  },
  gallery: async ({ fixture, base }: Ctx) => {
    const made = await ok(api.post(`${base}/galleries`, as(fixture.admin.token, { body: { name: `Gallery ${fixture.tag}` } })), "gallery");
    const form = new FormData();
    form.append("attachments[]", new File([new Uint8Array(onePixelPng)], "hall.png", { type: "image/png" }));
    const images = await ok(api.post(`${base}/galleries/${made.id}/images`, as(fixture.admin.token, { multipart: form })), "gallery image");
    const link = new URL(images.payload[0].file_url, "http://localhost");
    fixture.gallery = { id: made.id, imageId: images.payload[0].id, expires: link.searchParams.get("expires")!, signature: link.searchParams.get("signature")! };
  },
  company: async ({ fixture, base }: Ctx) => {
    const made = await ok(api.post(`${base}/companies`, as(fixture.admin.token, { body: { name: `Company ${fixture.tag}` } })), "company");
    fixture.company = { id: made.id };
  },
  spaces: async ({ fixture, base }: Ctx) => {
    const token = fixture.admin.token;
    const venue = await ok(api.post(`${base}/spaces`, as(token, { body: { space: { name: `Venue ${fixture.tag}`, timezone: "Europe/Amsterdam" } } })), "venue");
    const hall = await ok(api.post(`${base}/spaces`, as(token, { body: { space: { name: `Hall ${fixture.tag}`, parent_id: venue.id, theater: 100 } } })), "hall");
    const room = await ok(api.post(`${base}/spaces`, as(token, { body: { space: { name: `Room ${fixture.tag}`, parent_id: venue.id } } })), "room");
    const [row] = await getDb().select({ resourceId: spaces.resourceId, icalToken: spaces.icalToken }).from(spaces).where(eq(spaces.id, hall.id));
    fixture.venue = { id: venue.id };
    fixture.hall = { id: hall.id, resourceId: row!.resourceId, calendarToken: row!.icalToken };
    fixture.room = { id: room.id };
  },
  pricing: async ({ fixture, base }: Ctx) => {
    const token = fixture.admin.token;
    const rate = await ok(api.post(`${base}/planning/rates`, as(token, { body: { name: `Rate ${fixture.tag}`, unit: "hour", amount: 120, tax_rate: 21 } })), "rate");
    const plan = await ok(
      api.post(
        `${base}/planning/pricing-plans`,
        as(token, { body: { name: `Plan ${fixture.tag} ${unique()}`, pricing_rules: [{ name: "Hourly", rate_id: rate.id, priority: 1, is_default: true }] } }),
      ),
      "pricing plan",
    );
    const code = `CODE${fixture.tag}${unique()}`.toUpperCase();
    const discount = await ok(api.post(`${base}/planning/discount-codes`, as(token, { body: { name: `Discount ${fixture.tag}`, code, discount_type: "percentage", value: 10 } })), "discount code");
    fixture.rate = { id: rate.id };
    fixture.pricingPlan = { id: plan.id };
    fixture.discountCode = { id: discount.id, code };
  },
  event: async ({ fixture, base }: Ctx) => {
    const start = futureMonday(20 + (weeksTaken++ % 50));
    const made = await ok(
      api.post(
        `${base}/planning/events`,
        as(fixture.admin.token, {
          body: {
            event: { name: `Event ${fixture.tag}`, contact_id: fixture.contact.id, company_id: fixture.company.id, attendees_count: 40 },
            allocations: [{ space_id: fixture.hall.id, start_at: start.toISOString(), end_at: hours(start, 4) }],
          },
        }),
      ),
      "event",
    );
    fixture.event = { id: made.id, allocationId: made.allocation_ids[0] };
  },
  allocation: async ({ fixture, base }: Ctx) => {
    const start = futureMonday(80 + (weeksTaken++ % 200));
    const made = await ok(
      api.post(`${base}/planning/allocations`, as(fixture.admin.token, { body: { allocation: { space_id: fixture.room.id, start_at: start.toISOString(), end_at: hours(start, 2), title: `Hold ${fixture.tag}` } } })),
      "allocation",
    );
    fixture.allocation = { id: made.id };
  },
  draftQuote: async ({ fixture, base }: Ctx) => {
    const made = await ok(api.post(`${base}/planning/events/${fixture.event.id}/quotes`, as(fixture.admin.token, { body: { name: `Quote ${fixture.tag}` } })), "draft quote");
    fixture.draftQuote = { id: made.id };
  },
  sentQuote: async ({ fixture, base }: Ctx) => {
    const quotes = `${base}/planning/events/${fixture.event.id}/quotes`;
    const made = await ok(api.post(quotes, as(fixture.admin.token, { body: { name: `Sent quote ${fixture.tag}`, customer_email: fixture.contact.email } })), "sent quote");
    const sent = await ok(api.post(`${quotes}/${made.id}/send_quote`, as(fixture.admin.token, { body: { delivery_mode: "manual" } })), "send quote");
    fixture.sentQuote = { id: sent.id, publicToken: sent.public_token };
  },
  // Knowledge bases
  portal: async ({ fixture, base }: Ctx) => {
    const slug = `portal-${fixture.tag}-${unique()}`;
    const made = await ok(api.post(`${base}/portals`, as(fixture.admin.token, { body: { name: `Portal ${fixture.tag}`, slug, config: { allowed_locales: ["en", "fr"] } } })), "portal");
    const logo = new URL(signedLogoPath(made.id), "http://localhost");
    fixture.portal = { id: made.id, slug, logoExpires: logo.searchParams.get("expires")!, logoSignature: logo.searchParams.get("signature")! };
  },
  category: async ({ fixture, base }: Ctx) => {
    const made = await ok(api.post(`${base}/portals/${fixture.portal.slug}/categories`, as(fixture.admin.token, { body: { name: `Category ${fixture.tag}` } })), "category");
    fixture.category = { id: made.payload.id };
  },
  article: async ({ fixture, base }: Ctx) => {
    const made = await ok(
      api.post(`${base}/portals/${fixture.portal.slug}/articles`, as(fixture.admin.token, {
        body: { title: `Parking ${fixture.tag}`, content: `Where to park for ${fixture.tag}`, status: "published", category_id: fixture.category.id },
      })),
      "article",
    );
    fixture.article = { id: made.payload.id };
  },
};

type Step = keyof typeof create;

/** A step that has to run again makes the steps that depend on it run again too. */
const dependsOn: Partial<Record<Step, Step[]>> = {
  platformAccount: ["platformUser"],
  contact: ["inbox"],
  contactInbox: ["inbox", "contact"],
  client: ["inbox"],
  conversation: ["inbox", "contact"],
  message: ["conversation"],
  attachment: ["conversation"],
  event: ["spaces", "contact", "company"],
  allocation: ["spaces"],
  draftQuote: ["event"],
  sentQuote: ["event", "contact"],
  // Knowledge bases
  category: ["portal"],
  article: ["portal", "category"],
};

const actors = ["admin", "agent", "member", "profile"] as const;
const roleOf: Record<(typeof actors)[number], Role> = { admin: "administrator", agent: "agent", member: "agent", profile: "agent" };

type State = Record<Step, boolean> & {
  roles: Record<string, string> | null;
  tokens: { type: string; id: number; token: string }[] | null;
  bot: boolean;
  identifier: string | null;
  hmac_token: string | null;
};

/** The fixture's records as the database has them now, in one statement. */
const stateOf = async (f: Fixture): Promise<State> => {
  const users = actors.map((who) => f[who].id);
  const [state] = await getDb().execute<State>(sql`
    select
      (select json_object_agg(user_id, role) from account_users where account_id = ${f.accountId} and user_id in ${sql.raw(`(${users.join(",")})`)}) as roles,
      (select json_agg(json_build_object('type', owner_type, 'id', owner_id, 'token', token)) from access_tokens
        where (owner_type = 'User' and owner_id in ${sql.raw(`(${users.join(",")})`)}) or (owner_type = 'AgentBot' and owner_id = ${f.bot.id})
           or (owner_type = 'PlatformApp' and owner_id = ${f.platform.appId})) as tokens,
      exists(select 1 from agent_bots where id = ${f.bot.id}) as bot,
      (select identifier from inboxes where id = ${f.inbox.id}) as identifier,
      (select hmac_token from inboxes where id = ${f.inbox.id}) as hmac_token,
      exists(select 1 from users where id = ${f.platform.userId}) as "platformUser",
      exists(select 1 from account_users where account_id = ${f.platform.accountId} and user_id = ${f.platform.userId}) as "platformAccount",
      exists(select 1 from agent_bots where id = ${f.platform.botId}) as "platformBot",
      exists(select 1 from inboxes where id = ${f.inbox.id} and account_id = ${f.accountId}) as inbox,
      exists(select 1 from contacts where id = ${f.contact.id} and account_id = ${f.accountId}) as contact,
      exists(select 1 from contact_inboxes where contact_id = ${f.contact.id} and inbox_id = ${f.inbox.id} and source_id = ${f.contact.sourceId}) as "contactInbox",
      exists(select 1 from contact_inboxes ci join conversations c on c.contact_inbox_id = ci.id
             join messages m on m.conversation_id = c.id
             where ci.source_id = ${f.client.sourceId} and ci.inbox_id = ${f.inbox.id} and c.display_id = ${f.client.conversationId}
               and c.account_id = ${f.accountId} and m.id = ${f.client.messageId}) as client,
      exists(select 1 from conversations where display_id = ${f.conversation.displayId} and account_id = ${f.accountId} and inbox_id = ${f.inbox.id}) as conversation,
      exists(select 1 from messages where id = ${f.conversation.messageId} and account_id = ${f.accountId}) as message,
      exists(select 1 from attachments where id = ${f.attachment.id} and account_id = ${f.accountId}) as attachment,
      exists(select 1 from teams where id = ${f.team.id}) as team,
      exists(select 1 from labels where id = ${f.label.id} and title = ${f.label.title}) as label,
      exists(select 1 from custom_attribute_definitions where id = ${f.customAttribute.id} and attribute_key = ${f.customAttribute.key}) as "customAttribute",
      exists(select 1 from custom_filters where id = ${f.customFilter.id}) as "customFilter",
      exists(select 1 from canned_responses where id = ${f.cannedResponse.id}) as "cannedResponse",
      exists(select 1 from companies where id = ${f.company.id}) as company,
      exists(select 1 from gallery_images i join galleries g on g.id = i.gallery_id
             where i.id = ${f.gallery.imageId} and g.id = ${f.gallery.id} and g.account_id = ${f.accountId}) as gallery,
      (select count(*) from spaces where id in (${f.venue.id}::uuid, ${f.hall.id}::uuid, ${f.room.id}::uuid) and account_id = ${f.accountId}) = 3
        and exists(select 1 from spaces where id = ${f.hall.id}::uuid and ical_token = ${f.hall.calendarToken} and resource_id = ${f.hall.resourceId}::uuid) as spaces,
      exists(select 1 from rates where id = ${f.rate.id}) and exists(select 1 from pricing_plans where id = ${f.pricingPlan.id})
        and exists(select 1 from discount_codes where id = ${f.discountCode.id} and code = ${f.discountCode.code}) as pricing,
      exists(select 1 from planning_events where id = ${f.event.id}::uuid)
        and exists(select 1 from allocations where id = ${f.event.allocationId}::uuid and event_id = ${f.event.id}::uuid) as event,
      exists(select 1 from allocations where id = ${f.allocation.id}::uuid) as allocation,
      exists(select 1 from quotes where id = ${f.draftQuote.id} and planning_event_id = ${f.event.id}::uuid and status = 'draft') as "draftQuote",
      exists(select 1 from quotes where id = ${f.sentQuote.id} and planning_event_id = ${f.event.id}::uuid and status = 'sent'
             and public_token = ${f.sentQuote.publicToken} and (valid_until is null or valid_until >= current_date)) as "sentQuote",
      -- Knowledge bases
      exists(select 1 from portals where id = ${f.portal.id} and slug = ${f.portal.slug} and account_id = ${f.accountId}) as portal,
      exists(select 1 from portal_categories where id = ${f.category.id} and portal_id = ${f.portal.id}) as category,
      exists(select 1 from articles where id = ${f.article.id} and portal_id = ${f.portal.id} and status = 1) as article
  `);
  return state!;
};

/** Memberships with their roles, and every token as it is now (resets replace them). */
const restoreActors = async (fixture: Fixture, state: State) => {
  for (const who of actors) {
    if (state.roles?.[fixture[who].id] !== roleOf[who]) await upsertMembership(getDb(), { accountId: fixture.accountId, userId: fixture[who].id, role: roleOf[who] });
  }
  const tokenOf = (type: string, id: number) => state.tokens?.find((t) => t.type === type && t.id === id)?.token;
  for (const who of actors) fixture[who].token = tokenOf("User", fixture[who].id) ?? fixture[who].token;
  fixture.bot.token = tokenOf("AgentBot", fixture.bot.id) ?? fixture.bot.token;
  fixture.platform.token = tokenOf("PlatformApp", fixture.platform.appId) ?? fixture.platform.token;
  if (!state.bot) {
    const bot = await makeBot(fixture.accountId);
    fixture.bot = { id: bot.bot.id, token: bot.token };
  }
  // The inbox's secrets change with reset_secret and updates.
  if (state.identifier && state.hmac_token) fixture.inbox = { ...fixture.inbox, identifier: state.identifier, hmacToken: state.hmac_token };
};

/** Re-creates whatever requests deleted, detached or moved on (quotes sent, accepted…). */
export const ensureFixtures = async (fixture: Fixture) => {
  const state = await stateOf(fixture);
  await restoreActors(fixture, state);
  const redo = new Set<Step>();
  for (const step of Object.keys(create) as Step[]) {
    if (!state[step] || (dependsOn[step] ?? []).some((parent) => redo.has(parent))) redo.add(step);
  }
  // A fresh conversation comes with its own message.
  if (redo.has("conversation")) redo.delete("message");
  const ctx = { fixture, base: `/api/v1/accounts/${fixture.accountId}` };
  for (const step of Object.keys(create) as Step[]) if (redo.has(step)) await createStep(ctx, step);
};

/**
 * Runs a step; when it fails, its parents were changed out of use by earlier requests (a space
 * made inactive, an inbox locked): they are made afresh and the step is run once more.
 */
const createStep = async (ctx: Ctx, step: Step): Promise<void> => {
  try {
    await create[step](ctx);
  } catch (error) {
    const parents = dependsOn[step] ?? [];
    if (parents.length === 0) throw error;
    for (const parent of parents) await createStep(ctx, parent);
    await create[step](ctx);
  }
};

/** A new account with the full set of records. */
export const makeFixture = async (tag = `fx${unique()}`): Promise<Fixture> => {
  const team = await makeTeam();
  const member = await makeMember(team.account.id, "agent");
  const profile = await makeMember(team.account.id, "agent", { password: "Secret-123" });
  const bot = await makeBot(team.account.id);
  const app = await makePlatformApp(`App ${tag}`);
  const fixture = {
    tag,
    accountId: team.account.id,
    admin: { id: team.admin.user.id, token: team.admin.token },
    agent: { id: team.agent.user.id, token: team.agent.token },
    member: { id: member.user.id, token: member.token },
    profile: { id: profile.user.id, token: profile.token },
    bot: { id: bot.bot.id, token: bot.token },
    platform: { appId: app.app.id, token: app.token, accountId: 0, userId: 0, botId: 0 },
  } as Fixture;
  const ctx = { fixture, base: `/api/v1/accounts/${fixture.accountId}` };
  for (const step of Object.keys(create) as Step[]) await create[step](ctx);
  return fixture;
};
