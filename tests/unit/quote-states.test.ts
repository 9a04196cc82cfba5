import { describe, expect, it } from "vitest";
import { effectiveStatus, transition, type QuoteAction, type QuoteStatus } from "@/lib/quotes/states";

// Every (state, operation) pair: the target state, or null when the lifecycle refuses it.
const table: Record<QuoteStatus, Record<QuoteAction, string | null>> = {
  draft: { update: "draft", send: "sent", withdraw: null, accept: "accepted", reject: "rejected", revise: "draft", archive: "archived" },
  sent: { update: null, send: "sent", withdraw: "withdrawn", accept: "accepted", reject: "rejected", revise: "draft", archive: "archived" },
  expired: { update: null, send: null, withdraw: "withdrawn", accept: null, reject: "rejected", revise: "draft", archive: "archived" },
  withdrawn: { update: null, send: null, withdraw: null, accept: null, reject: null, revise: "draft", archive: "archived" },
  accepted: { update: null, send: null, withdraw: null, accept: null, reject: null, revise: "draft", archive: "archived" },
  rejected: { update: null, send: null, withdraw: null, accept: null, reject: null, revise: "draft", archive: "archived" },
  superseded: { update: null, send: null, withdraw: null, accept: null, reject: null, revise: "draft", archive: "archived" },
  archived: { update: null, send: null, withdraw: null, accept: null, reject: null, revise: null, archive: null },
};

describe("quote lifecycle", () => {
  for (const [status, actions] of Object.entries(table)) {
    for (const [action, to] of Object.entries(actions)) {
      it(`${status} + ${action} → ${to ?? "refused"}`, () => {
        const result = transition(status as QuoteStatus, action as QuoteAction);
        if (to === null) {
          expect(result.allowed).toBe(false);
          if (!result.allowed) expect(result.message).toMatch(/\w/);
        } else expect(result).toMatchObject({ allowed: true, to });
      });
    }
  }

  it("supersedes a draft, sent or expired source on revise and leaves the others as they were", () => {
    for (const status of ["draft", "sent", "expired"] as const) expect(transition(status, "revise")).toEqual({ allowed: true, to: "draft", source: "superseded" });
    for (const status of ["accepted", "rejected", "withdrawn", "superseded"] as const) expect(transition(status, "revise")).toEqual({ allowed: true, to: "draft", source: undefined });
  });

  it("computes expired for a sent quote read after its validity date, and only then", () => {
    expect(effectiveStatus("sent", "2027-03-01", "2027-03-01")).toBe("sent");
    expect(effectiveStatus("sent", "2027-03-01", "2027-03-02")).toBe("expired");
    expect(effectiveStatus("sent", null, "2099-01-01")).toBe("sent");
    expect(effectiveStatus("draft", "2027-03-01", "2027-03-02")).toBe("draft");
    expect(effectiveStatus("accepted", "2027-03-01", "2027-03-02")).toBe("accepted");
  });
});
