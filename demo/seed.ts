import { asc, count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { accounts, cannedResponses, contacts } from "@/db/schema";
import { createAccount, upsertMembership } from "@/lib/accounts/create-account";
import { insertAgentBot } from "@/lib/agent-bots/agent-bots";
import { tokenOf } from "@/lib/auth/access-tokens";
import { accountContext } from "@/lib/auth/caller";
import { createUser } from "@/lib/users/create-user";
import { seedDemoConversations } from "./conversations";
import { seedDemoKnowledge } from "./knowledge";
import { seedDemoPlanning } from "./planning";
import { seedDemoPricing } from "./pricing";

export const DEMO_ADMIN_EMAIL = "admin@demo.venuedesk.test";
export const DEMO_AGENT_EMAIL = "agent@demo.venuedesk.test";

export type DemoLogin = { email: string; password: string; token: string };

/**
 * Demo data for a first start: only when the database has no account at all, so it never
 * touches a database that is in use. Conversations, contacts and inboxes come from
 * conversations.ts; spaces, events and allocations from planning.ts; rates, the default plan,
 * discount codes and a sent quote from pricing.ts; the help center and the Grand Hall's facts and
 * photos from knowledge.ts. Every address in it is on loopback or under
 * the reserved .test domain, so nothing the demo holds points at a public host.
 */
export const seedDemo = async (db: Db, password: string): Promise<DemoLogin | null> => {
  const [row] = await db.select({ n: count() }).from(accounts);
  if (row && row.n > 0) return null;
  return db.transaction(async (tx) => {
    const account = await createAccount(tx, {
      name: "Demo Venue",
      supportEmail: "hello@demo.venuedesk.test",
      customAttributes: { timezone: "Europe/Amsterdam", industry: "Events & venues" },
    });
    const admin = await createUser(tx, { name: "Alex Morgan", email: DEMO_ADMIN_EMAIL, password });
    const agent = await createUser(tx, { name: "Sam Rivera", email: DEMO_AGENT_EMAIL, password });
    await upsertMembership(tx, { accountId: account.id, userId: admin.id, role: "administrator" });
    await upsertMembership(tx, { accountId: account.id, userId: agent.id, role: "agent", inviterId: admin.id });
    await insertAgentBot(tx, account.id, {
      name: "Booking Assistant",
      description: "Answers availability questions and hands over to a planner.",
      outgoing_url: "http://127.0.0.1:4010/venuedesk-bot",
    });
    await tx.insert(cannedResponses).values(
      [
        ["greeting", "Hi {{contact.name}}, thanks for reaching out to Demo Venue! How can we help with your event?"],
        ["availability", "Let me check availability for your date. How many guests are you expecting?"],
        ["quote-sent", "We've just sent your quote. You can review and accept it online through the link in the email."],
        ["site-visit", "We'd love to show you around. Which day suits you for a site visit?"],
      ].map(([shortCode, content]) => ({ accountId: account.id, shortCode: shortCode!, content: content! })),
    );
    await seedDemoConversations(tx, account, admin, agent);
    const contactIds = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.accountId, account.id)).orderBy(asc(contacts.id)).limit(6);
    const adminCtx = await accountContext(tx, { kind: "user", user: admin }, account.id);
    const planning = await seedDemoPlanning(adminCtx, contactIds.map((contact) => contact.id));
    await seedDemoPricing(adminCtx, planning.eventIds);
    await seedDemoKnowledge(adminCtx, { grandHall: planning.spaces[1]!.id });
    return { email: DEMO_ADMIN_EMAIL, password, token: (await tokenOf(tx, "User", admin.id))! };
  });
};
