import { describe, expect, it } from "vitest";
import {
  ZInboxListFilters,
  changeFilters,
  defaultInboxFilters,
  filtersFromSearch,
  isNarrowed,
  searchOfFilters,
  withFilters,
  type InboxFilters,
} from "@/lib/conversations/inbox-filters";

const read = (search: string) => filtersFromSearch(new URLSearchParams(search));

describe("filtersFromSearch", () => {
  it.each([
    ["", defaultInboxFilters],
    ["tab=all&status=resolved", { tab: "all", status: "resolved" }],
    ["q=%20garden%20room%20", { tab: "mine", status: "open", q: "garden room" }],
    ["inbox_id=7&label=vip&team_id=3&assignee=12", { tab: "mine", status: "open", inbox_id: 7, label: "vip", team_id: 3, assignee: 12 }],
    ["label=VIP", { tab: "mine", status: "open", label: "vip" }],
    // What it does not understand falls back to the default instead of failing.
    ["tab=everyone&status=closed", defaultInboxFilters],
    ["inbox_id=abc&team_id=-3&assignee=0", defaultInboxFilters],
    ["inbox_id=1.5&team_id=99999999999", defaultInboxFilters],
    ["q=%20%20&label=", defaultInboxFilters],
  ] as const)("reads %j", (search, expected) => {
    expect(read(search)).toEqual(expected);
  });

  it("cuts an overlong search to what the server accepts", () => {
    expect(read(`q=${"a".repeat(300)}`).q).toHaveLength(200);
  });
});

describe("searchOfFilters", () => {
  it("leaves the defaults out, so the inbox's own address stays bare", () => {
    expect(searchOfFilters(defaultInboxFilters)).toBe("");
    expect(withFilters("/app/accounts/1/conversations", defaultInboxFilters)).toBe("/app/accounts/1/conversations");
  });

  it("writes the view in a fixed order, encoded", () => {
    const filters: InboxFilters = { assignee: 4, label: "follow up", q: "café & co", status: "pending", tab: "all", inbox_id: 2, team_id: 9 };
    expect(searchOfFilters(filters)).toBe("tab=all&status=pending&q=caf%C3%A9+%26+co&inbox_id=2&label=follow+up&team_id=9&assignee=4");
  });

  it.each<InboxFilters>([
    defaultInboxFilters,
    { tab: "unassigned", status: "all" },
    { tab: "all", status: "snoozed", q: "50% off?", label: "vip" },
    { tab: "mine", status: "open", inbox_id: 1, team_id: 2, assignee: 3 },
  ])("reads back what it wrote: %j", (filters) => {
    expect(read(searchOfFilters(filters))).toEqual(filters);
  });

  it("writes what the list action accepts", () => {
    const filters = read("tab=all&status=pending&q=hello&inbox_id=2&label=vip&team_id=9&assignee=4");
    expect(ZInboxListFilters.parse({ ...filters, page: 1 })).toEqual({ ...filters, page: 1 });
  });
});

describe("changeFilters", () => {
  it("adds and removes a filter, leaving no trace of a removed one", () => {
    const withInbox = changeFilters(defaultInboxFilters, { inbox_id: 5 });
    expect(withInbox).toEqual({ tab: "mine", status: "open", inbox_id: 5 });
    expect(changeFilters(withInbox, { inbox_id: undefined })).toEqual(defaultInboxFilters);
  });

  it("moves to All when one agent is chosen, unless the tab is chosen at the same time", () => {
    expect(changeFilters(defaultInboxFilters, { assignee: 8 })).toEqual({ tab: "all", status: "open", assignee: 8 });
    expect(changeFilters({ tab: "unassigned", status: "open" }, { assignee: 8, tab: "mine" })).toEqual({ tab: "mine", status: "open", assignee: 8 });
    expect(changeFilters({ tab: "all", status: "open", assignee: 8 }, { tab: "mine" })).toEqual({ tab: "mine", status: "open", assignee: 8 });
  });
});

describe("isNarrowed", () => {
  it.each([
    [defaultInboxFilters, false],
    [{ tab: "all", status: "all" }, false],
    [{ tab: "mine", status: "open", q: "x" }, true],
    [{ tab: "mine", status: "open", label: "vip" }, true],
  ] as const)("%j → %s", (filters, expected) => {
    expect(isNarrowed(filters)).toBe(expected);
  });
});
