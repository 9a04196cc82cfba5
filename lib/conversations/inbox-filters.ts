import { z } from "zod";

// This module also runs in the browser, where the portal's CSP forbids eval: zod would probe for
// it (a reported policy violation) before falling back, so there it is told not to try.
if (typeof window !== "undefined") z.config({ jitless: true });

/**
 * The portal inbox's view as its URL holds it: the assignee tab, the status, a search, and
 * filters by inbox, label, team and assignee, all combined. The URL is the only place the view
 * lives, so it can be bookmarked, shared and reloaded, and back/forward step through it.
 * Pure (zod only): the list reads it in the browser, the list action parses it on the server.
 */

export const inboxTabs = ["mine", "unassigned", "all"] as const;
export type InboxTab = (typeof inboxTabs)[number];
export const inboxStatuses = ["open", "pending", "snoozed", "resolved", "all"] as const;
export type InboxStatus = (typeof inboxStatuses)[number];

const maxId = 2_147_483_647;
const ZRecordId = z.int().positive().max(maxId);

/** The view, keyed as in the URL (`?tab=all&status=pending&q=…&inbox_id=…&label=…&team_id=…&assignee=…`). */
export const ZInboxFilters = z.object({
  tab: z.enum(inboxTabs),
  status: z.enum(inboxStatuses),
  q: z.string().trim().min(1).max(200).optional(),
  inbox_id: ZRecordId.optional(),
  label: z.string().trim().min(1).max(255).optional(),
  team_id: ZRecordId.optional(),
  /** An agent's user id: conversations assigned to them. */
  assignee: ZRecordId.optional(),
});
export type InboxFilters = z.output<typeof ZInboxFilters>;

/** What the list action takes: the view and which page of it. */
export const ZInboxListFilters = ZInboxFilters.extend({ page: z.int().min(1).max(100_000) });
export type InboxListFilters = z.output<typeof ZInboxListFilters>;

/** Where the inbox opens: my open conversations. These are left out of the URL. */
export const defaultInboxFilters: InboxFilters = { tab: "mine", status: "open" };

/** The filters beside the tab, the status and the search, in the order the URL and the UI show them. */
export const narrowingKeys = ["inbox_id", "label", "team_id", "assignee"] as const;
export type NarrowingKey = (typeof narrowingKeys)[number];

type Params = { get: (key: string) => string | null };

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.find((value) => value === raw) ?? fallback;

const idOf = (raw: string | null) => {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= maxId ? id : undefined;
};

const textOf = (raw: string | null, max: number) => {
  const text = raw?.trim().slice(0, max).trim();
  return text ? text : undefined;
};

/** Drops the keys that are undefined, so two equal views compare (and hash) equal. */
const compact = (filters: InboxFilters): InboxFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as InboxFilters;

/**
 * The view a URL asks for. Anything it does not understand (an unknown tab, an id that is not
 * a number) falls back to the default rather than failing: an old or hand-edited link still opens.
 */
export const filtersFromSearch = (params: Params): InboxFilters =>
  compact({
    tab: oneOf(inboxTabs, params.get("tab"), defaultInboxFilters.tab),
    status: oneOf(inboxStatuses, params.get("status"), defaultInboxFilters.status),
    q: textOf(params.get("q"), 200),
    inbox_id: idOf(params.get("inbox_id")),
    // Labels are stored lowercased: "VIP" in a hand-written link is the label "vip".
    label: textOf(params.get("label"), 255)?.toLowerCase(),
    team_id: idOf(params.get("team_id")),
    assignee: idOf(params.get("assignee")),
  });

/** The query string of a view (no leading "?"), in a fixed order, the defaults left out. */
export const searchOfFilters = (filters: InboxFilters) => {
  const params = new URLSearchParams();
  if (filters.tab !== defaultInboxFilters.tab) params.set("tab", filters.tab);
  if (filters.status !== defaultInboxFilters.status) params.set("status", filters.status);
  if (filters.q) params.set("q", filters.q);
  for (const key of narrowingKeys) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
};

/** `path` with the view's query string, when it has one. */
export const withFilters = (path: string, filters: InboxFilters) => {
  const search = searchOfFilters(filters);
  return search ? `${path}?${search}` : path;
};

/**
 * The view after a change. Choosing one agent moves the tab to All: Mine and Unassigned would
 * contradict the choice (Mine and another agent, Unassigned and an agent) and show nothing.
 */
export const changeFilters = (filters: InboxFilters, change: Partial<InboxFilters>): InboxFilters => {
  const next = compact({ ...filters, ...change });
  if (change.assignee !== undefined && next.tab !== "all" && change.tab === undefined) next.tab = "all";
  return next;
};

/** The change that clears the search and every narrowing, keeping the tab and the status. */
export const clearNarrowing = {
  q: undefined,
  inbox_id: undefined,
  label: undefined,
  team_id: undefined,
  assignee: undefined,
} satisfies Record<"q" | NarrowingKey, undefined>;

/** Whether the view narrows the list beyond the tab and the status. */
export const isNarrowed = (filters: InboxFilters) => filters.q !== undefined || narrowingKeys.some((key) => filters[key] !== undefined);

export const sameFilters = (a: InboxFilters, b: InboxFilters) => searchOfFilters(a) === searchOfFilters(b);
