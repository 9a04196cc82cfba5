import { z } from "zod";
import { deliveryTargetKinds, type DeliveryTargetKind } from "@/db/schema";
import { listDeliveries, presentDeliveryList } from "@/lib/events/deliveries";
import { ZId } from "@/lib/http/schemas";
import { listInboxes } from "@/lib/inboxes/inboxes";
import { isAdmin } from "@/lib/portal/context";
import { portalLoader } from "@/lib/portal/loader";
import { settingsPath } from "@/lib/portal/paths";
import { presentWebhook } from "@/lib/webhooks/present";
import { ZDeliveryListQuery } from "@/lib/webhooks/schemas";
import { findWebhook, listWebhooks } from "@/lib/webhooks/webhooks";
import { accountTimeZone } from "./contacts";

/*
 * Settings → Webhooks and the delivery logs on the webhook, agent bot and API inbox pages. All of
 * it is an administrator's (the services refuse anyone else): for other members the loaders
 * answer null and the pages say who may see it.
 */

export type Webhook = ReturnType<typeof presentWebhook>;
export type DeliveryLogPage = ReturnType<typeof presentDeliveryList>;
export type Delivery = DeliveryLogPage["payload"]["deliveries"][number];

export const ZDeliveryTargetKind = z.enum(deliveryTargetKinds);

/** The settings page of a delivery target, where its log is shown. */
const targetSections = { webhook: "webhooks", agent_bot: "agent-bots", inbox: "inboxes" } as const satisfies Record<DeliveryTargetKind, string>;

export const deliveryTargetPath = (accountId: number, kind: DeliveryTargetKind, id: number) => settingsPath(accountId, targetSections[kind], id);

/** The log's page from the address (`?page=2`); anything that is not a page number is the first page. */
export const logPageOf = (value: string | string[] | undefined) => ZDeliveryListQuery.safeParse({ page: value }).data?.page ?? 1;

export const loadWebhooks = portalLoader({
  ids: [],
  load: async (ctx) => ({
    webhooks: isAdmin(ctx) ? (await listWebhooks(ctx)).map((row) => presentWebhook(ctx, row)) : null,
    timeZone: accountTimeZone(ctx),
  }),
});

/** One webhook of the account (404 otherwise), or null for a member who is not an administrator. */
export const loadWebhook = portalLoader({
  ids: [ZId],
  load: async (ctx, id) => (isAdmin(ctx) ? presentWebhook(ctx, await findWebhook(ctx, id)) : null),
});

/** The inboxes a webhook may be scoped to (the form's choice). */
export const loadInboxChoices = portalLoader({
  ids: [],
  load: async (ctx) => (await listInboxes(ctx)).map((inbox) => ({ value: String(inbox.id), label: inbox.name })),
});

/** One page of a target's deliveries, newest first, with its attempts, and the zone to show times in. */
export const loadDeliveryLog = portalLoader({
  ids: [ZDeliveryTargetKind, ZId, z.int().min(1)],
  load: async (ctx, kind, id, page) => ({
    log: presentDeliveryList(await listDeliveries(ctx, { kind, id }, { page })),
    timeZone: accountTimeZone(ctx),
  }),
});
