import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { buildFilter, ZFilterPayload, type FilterFields } from "@/lib/filters/engine";
import { makeAccount } from "../helpers/factories";

// The engine is pure, but what its SQL means is PostgreSQL's business: run it on real rows.
let accountId: number;

const fields: FilterFields = {
  name: { column: contacts.name, type: "text" },
  email: { column: contacts.email, type: "text" },
  city: { column: sql`${contacts.additionalAttributes} ->> 'city'`, type: "text" },
  created_at: { column: contacts.createdAt, type: "date" },
  blocked: { column: contacts.blocked, type: "boolean" },
  labels: { column: contacts.labels, type: "labels" },
  contact_type: { column: sql`(case ${contacts.contactType} when 'visitor' then 0 when 'lead' then 1 else 2 end)`, type: "enum", values: { visitor: 0, lead: 1, customer: 2 } },
};
const custom = { column: contacts.customAttributes, keys: new Map([["guests", "number"], ["vip", "checkbox"], ["event_date", "date"], ["note", "text"]]) };

const names = async (payload: unknown[]) => {
  const { payload: conditions } = ZFilterPayload.parse({ payload });
  const rows = await getDb()
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), buildFilter(conditions, fields, custom)))
    .orderBy(asc(contacts.name));
  return rows.map((r) => r.name);
};

const c = (attribute_key: string, filter_operator: string, values: unknown[] = [], query_operator: string | null = "AND") => ({
  attribute_key,
  filter_operator,
  values,
  query_operator,
});

beforeAll(async () => {
  accountId = (await makeAccount()).id;
  const other = await makeAccount();
  const day = (iso: string) => new Date(iso);
  await getDb().insert(contacts).values([
    { accountId, name: "Ada", email: "ada@hall.test", blocked: false, labels: ["vip", "wedding"], contactType: "lead", createdAt: day("2026-01-10T09:00:00Z"), additionalAttributes: { city: "Amsterdam" }, customAttributes: { guests: 120, vip: true, event_date: "2026-06-01", note: "50% deposit" } },
    { accountId, name: "Bo", email: "bo@corp.test", blocked: true, labels: ["corporate"], contactType: "customer", createdAt: day("2026-02-15T12:00:00Z"), additionalAttributes: { city: "Rotterdam" }, customAttributes: { guests: 40, vip: false } },
    { accountId, name: "Cy", email: null, blocked: false, labels: [], contactType: "visitor", createdAt: day("2026-03-20T18:00:00Z"), additionalAttributes: {}, customAttributes: { guests: "lots" } },
    { accountId: other.id, name: "Ada", email: "ada@elsewhere.test", labels: ["vip"] },
  ]);
});

describe("filter engine on PostgreSQL", () => {
  it.each([
    ["equal_to is case-insensitive and any-of", [c("name", "equal_to", ["ADA", "cy"], null)], ["Ada", "Cy"]],
    ["not_equal_to keeps nulls", [c("email", "not_equal_to", ["ada@hall.test"], null)], ["Bo", "Cy"]],
    ["contains", [c("email", "contains", ["CORP"], null)], ["Bo"]],
    ["does_not_contain keeps nulls", [c("email", "does_not_contain", ["hall"], null)], ["Bo", "Cy"]],
    ["starts_with", [c("city", "starts_with", ["rott"], null)], ["Bo"]],
    ["is_present", [c("email", "is_present", [], null)], ["Ada", "Bo"]],
    ["is_not_present", [c("city", "is_not_present", [], null)], ["Cy"]],
    ["date equal_to a day", [c("created_at", "equal_to", ["2026-02-15"], null)], ["Bo"]],
    ["date is_greater_than a day means after it", [c("created_at", "is_greater_than", ["2026-02-15"], null)], ["Cy"]],
    ["date is_less_than a timestamp", [c("created_at", "is_less_than", ["2026-02-15T12:00:01Z"], null)], ["Ada", "Bo"]],
    ["days_before", [c("created_at", "days_before", [30], null)], ["Ada", "Bo", "Cy"]],
    ["boolean", [c("blocked", "equal_to", ["true"], null)], ["Bo"]],
    ["labels any-of", [c("labels", "equal_to", ["wedding", "corporate"], null)], ["Ada", "Bo"]],
    ["labels none-of", [c("labels", "not_equal_to", ["vip"], null)], ["Bo", "Cy"]],
    ["labels is_not_present", [c("labels", "is_not_present", [], null)], ["Cy"]],
    ["enum by name", [c("contact_type", "equal_to", ["lead", "customer"], null)], ["Ada", "Bo"]],
    ["custom number (bad stored data is no match, not an error)", [c("guests", "is_greater_than", [50], null)], ["Ada"]],
    ["custom checkbox", [c("vip", "equal_to", [true], null)], ["Ada"]],
    ["custom date", [c("event_date", "is_less_than", ["2026-07-01"], null)], ["Ada"]],
    ["custom text with a literal %", [c("note", "contains", ["50%"], null)], ["Ada"]],
    ["AND", [c("labels", "is_present"), c("blocked", "equal_to", ["false"], null)], ["Ada"]],
    ["AND binds tighter than OR: a AND b OR c", [c("name", "equal_to", ["Ada"]), c("blocked", "equal_to", ["true"], "OR"), c("name", "equal_to", ["Cy"], null)], ["Cy"]],
    ["a OR b AND c", [c("name", "equal_to", ["Cy"], "OR"), c("name", "equal_to", ["Bo"]), c("blocked", "equal_to", ["true"], null)], ["Bo", "Cy"]],
  ])("%s", async (_, payload, expected) => {
    expect(await names(payload)).toEqual(expected);
  });

  it("names an unknown attribute, a wrong operator and a bad value in one 422", async () => {
    const attempt = names([c("shoe_size", "equal_to", ["42"]), c("blocked", "contains", ["x"]), c("guests", "is_less_than", ["many"]), c("name", "equal_to", [], null)]);
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    const error = (await attempt.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.errors.map((e) => [e.field, e.code])).toEqual([
      ["payload.0.attribute_key", "invalid"],
      ["payload.1.filter_operator", "invalid"],
      ["payload.2.values", "invalid"],
      ["payload.3.values", "required"],
    ]);
  });
});
