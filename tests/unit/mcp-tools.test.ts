import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tools } from "@/lib/mcp/tools";
import { mayUse, toolsFor } from "@/lib/mcp/tool";

/*
 * The MCP tool registry as a model sees it in tools/list: names it can call, descriptions it can
 * act on, hints that tell reads from writes, and inputs that refuse what they do not know.
 */

const names = [
  "list_conversations",
  "get_conversation",
  "search_conversations",
  "send_message",
  "add_private_note",
  "toggle_status",
  "assign_conversation",
  "add_labels",
  "search_contacts",
  "get_contact",
  "create_contact",
  "update_contact",
  "list_inboxes",
  "list_agents",
  "list_teams",
  "list_labels",
  "list_canned_responses",
  "get_report_summary",
  "get_report_timeseries",
  "get_summary_report",
  "get_conversation_metrics",
  "get_outgoing_messages_count",
  "get_pipeline_report",
  "get_revenue_report",
  "get_occupancy_report",
  "get_hold_conversion_report",
  "get_quote_conversion_report",
  "list_spaces",
  "get_space",
  "find_available_slots",
  "validate_allocation",
  "list_allocations",
  "place_hold",
  "confirm_allocation",
  "cancel_allocation",
  "list_events",
  "get_event",
  "create_event",
  "list_rates",
  "list_pricing_plans",
  "list_discount_codes",
  "create_quote",
  "update_quote",
  "get_quote",
  "send_quote",
  "revise_quote",
  "withdraw_quote",
  // Knowledge bases
  "search_knowledge_base",
  "get_article",
];

describe("the tool registry", () => {
  it("lists every tool once, in a stable order, domain by domain", () => {
    expect(tools.map((tool) => tool.name)).toEqual(names);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))("%s: a snake_case name, a title and a description a model can act on", (name, tool) => {
    expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(tool.title.trim()).not.toBe("");
    expect(tool.description.length).toBeGreaterThanOrEqual(40);
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))("%s: hints and scope say whether it writes", (_name, tool) => {
    expect(tool.annotations.openWorldHint).toBe(false);
    if (tool.annotations.readOnlyHint) {
      expect(tool.scope).toBe("read");
      expect(tool.annotations.destructiveHint).toBe(false);
    } else {
      expect(tool.scope).toBe("write");
    }
  });

  it.each(tools.map((tool) => [tool.name, tool] as const))("%s: the input refuses unknown keys, and its JSON Schema says so", (_name, tool) => {
    const refused = tool.input.safeParse({ surprise: 1 });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.some((issue) => issue.code === "unrecognized_keys")).toBe(true);
    const schema = z.toJSONSchema(tool.input, { io: "input" }) as { type: string; additionalProperties: unknown };
    expect(schema.type).toBe("object");
    expect(schema.additionalProperties).toBe(false);
  });

  it.each(tools.filter((tool) => tool.output).map((tool) => [tool.name, tool] as const))("%s: the output schema is an object a JSON Schema can list", (_name, tool) => {
    const schema = z.toJSONSchema(tool.output!, { io: "input" }) as { type: string };
    expect(schema.type).toBe("object");
  });

  it("reads with read scope only, writes with write scope only", () => {
    const admin = { role: "administrator" as const, permissions: [] };
    const readable = toolsFor(tools, admin, ["read"]).map((tool) => tool.name);
    expect(readable).toEqual(tools.filter((tool) => tool.annotations.readOnlyHint).map((tool) => tool.name));
    expect(toolsFor(tools, admin, ["write"]).every((tool) => !tool.annotations.readOnlyHint)).toBe(true);
    expect(toolsFor(tools, admin, ["profile", "accounts"])).toEqual([]);
  });

  it("shows an agent the tools its permissions allow, and an administrator all of them", () => {
    const agent = { role: "agent" as const, permissions: [] };
    const planner = { role: "agent" as const, permissions: ["planning_manage"] };
    const admin = { role: "administrator" as const, permissions: [] };
    const all: ("read" | "write")[] = ["read", "write"];
    expect(toolsFor(tools, admin, all)).toHaveLength(tools.length);
    const agentNames = toolsFor(tools, agent, all).map((tool) => tool.name);
    expect(agentNames).toContain("send_message");
    expect(agentNames).toContain("get_quote");
    for (const hidden of ["place_hold", "create_event", "create_quote", "send_quote", "get_report_summary", "get_occupancy_report"]) expect(agentNames).not.toContain(hidden);
    const plannerNames = toolsFor(tools, planner, all).map((tool) => tool.name);
    expect(plannerNames).toContain("place_hold");
    expect(plannerNames).not.toContain("create_quote");
    expect(tools.every((tool) => mayUse(admin, tool.access))).toBe(true);
  });

  it("find_available_slots takes weekdays by lowercase name, and its description says how to ask for Saturdays", () => {
    const tool = tools.find((candidate) => candidate.name === "find_available_slots")!;
    const search = { duration_minutes: 240, start_date: "2026-07-01", end_date: "2026-07-31" };
    expect(tool.input.parse({ ...search, weekdays: ["saturday"] })).toMatchObject({ weekdays: ["saturday"] });
    for (const weekdays of [["Saturday"], [6], [], "saturday"]) expect(tool.input.safeParse({ ...search, weekdays }).success).toBe(false);
    const schema = z.toJSONSchema(tool.input, { io: "input" }) as unknown as { properties: { weekdays: { items: { enum: string[] }; description: string } } };
    expect(schema.properties.weekdays.items.enum).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(schema.properties.weekdays.description).toContain('["saturday"]');
    expect(tool.description).toContain('weekdays ["saturday"]');
    expect(tool.description).not.toContain("no weekday filter");
  });

  it("create_event takes the ids of holds placed before it", () => {
    const tool = tools.find((candidate) => candidate.name === "create_event")!;
    const id = "0b7f3c4e-2d1a-4c3b-9a8e-1f2d3c4b5a69";
    expect(tool.input.parse({ name: "Wedding", allocation_ids: [id] })).toMatchObject({ allocation_ids: [id] });
    expect(tool.input.safeParse({ name: "Wedding", allocation_ids: ["not-a-uuid"] }).success).toBe(false);
    expect(tool.description).toContain("allocation_ids");
  });

  it("get_report_timeseries asks for a known metric and an IANA zone", () => {
    const tool = tools.find((candidate) => candidate.name === "get_report_timeseries")!;
    expect(tool.input.parse({ metric: "avg_first_response_time", timezone: "Europe/Amsterdam" })).toMatchObject({ type: "account", group_by: "day" });
    for (const wrong of [{}, { metric: "revenue" }, { metric: "conversations_count", timezone: "Mars/Olympus" }, { metric: "conversations_count", group_by: "fortnight" }]) {
      expect(tool.input.safeParse(wrong).success).toBe(false);
    }
  });

  it("the venue report tools take local dates with the API's range rule", () => {
    const tool = tools.find((candidate) => candidate.name === "get_occupancy_report")!;
    expect(tool.input.safeParse({ since: "2026-07-01", until: "2026-07-31" }).success).toBe(true);
    const backwards = tool.input.safeParse({ since: "2026-07-31", until: "2026-07-01" });
    expect(backwards.error?.issues).toEqual([expect.objectContaining({ path: ["until"], message: "must not be before since" })]);
    expect(tool.input.safeParse({ since: "2024-01-01", until: "2026-07-01" }).success).toBe(false);
  });
});
