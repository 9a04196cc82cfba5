import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";
import { referenceOf, typeLabel, type OpenApiLike } from "@/lib/openapi/reference";

describe("typeLabel", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ type: ["string", "null"] }, "string | null"],
    [{ type: "array", items: { $ref: "#/components/schemas/Agent" } }, "Agent[]"],
    [{ enum: ["agent", "administrator"] }, '"agent" | "administrator"'],
    [{ anyOf: [{ type: "boolean" }, { enum: ["true", "false"] }] }, 'boolean | "true" | "false"'],
    [undefined, "any"],
  ])("labels %j as %s", (schema, label) => {
    expect(typeLabel(schema)).toBe(label);
  });
});

describe("referenceOf", () => {
  it("groups the real document's operations by tag with their body fields", () => {
    const groups = referenceOf(openApiDocument() as unknown as OpenApiLike);
    const canned = groups.find((g) => g.tag === "Canned responses");
    const create = canned?.operations.find((o) => o.method === "POST");
    expect(create?.path).toBe("/api/v1/accounts/{account_id}/canned_responses");
    expect(create?.body.map((f) => [f.name, f.required])).toEqual([
      ["short_code", true],
      ["content", true],
    ]);
    expect(create?.auth).toBe("user access token");
    expect(create?.parameters[0]).toMatchObject({ name: "account_id", required: true, notes: "range >0..2147483647" });
    expect(create?.responses.map((r) => r.status)).toEqual(expect.arrayContaining(["200", "401", "403", "422"]));
  });
});
