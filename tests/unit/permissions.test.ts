import { describe, expect, it } from "vitest";
import { decide, decidePermission, effectivePermissions, hasPermission, permissions } from "@/lib/auth/permissions";

const admin = { role: "administrator" as const, permissions: [] };
const agent = { role: "agent" as const, permissions: ["contact_manage"] };

describe("permissions", () => {
  it("gives administrators every permission", () => {
    expect(effectivePermissions(admin)).toEqual([...permissions]);
  });

  it("gives agents only the permissions on their membership", () => {
    expect(effectivePermissions(agent)).toEqual(["contact_manage"]);
    expect(hasPermission(agent, "planning_manage")).toBe(false);
  });

  it.each([
    ["account.update", "unauthorized"],
    ["agents.manage", "forbidden"],
    ["canned_responses.manage", "forbidden"],
    ["agent_bots.manage", "unauthorized"],
  ] as const)("refuses %s to agents with %s and allows it to administrators", (action, code) => {
    expect(decide(admin, action)).toEqual({ allowed: true });
    expect(decide(agent, action)).toMatchObject({ allowed: false, code });
    expect(decide(null, action)).toMatchObject({ allowed: false, code });
  });

  it("answers a missing permission with forbidden", () => {
    expect(decidePermission(agent, "contact_manage")).toEqual({ allowed: true });
    expect(decidePermission(agent, "quote_manage")).toMatchObject({ allowed: false, code: "forbidden" });
    expect(decidePermission(null, "contact_manage")).toMatchObject({ allowed: false });
  });
});
