import { sql } from "drizzle-orm";
import { contacts } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { customAttributeKeys } from "@/lib/custom-attributes/custom-attributes";
import { buildFilter, type FilterCondition, type FilterFields } from "@/lib/filters/engine";
import { pageContacts } from "./contacts";

const additional = (key: string) => sql`(${contacts.additionalAttributes} ->> ${key})`;

/** Chatwoot's contact filter keys (lib/filters/filter_keys.yml, contacts). */
const contactFields: FilterFields = {
  name: { column: contacts.name, type: "text" },
  email: { column: contacts.email, type: "text" },
  phone_number: { column: contacts.phoneNumber, type: "text" },
  identifier: { column: contacts.identifier, type: "text" },
  country_code: { column: additional("country_code"), type: "text" },
  city: { column: additional("city"), type: "text" },
  company: { column: additional("company_name"), type: "text" },
  created_at: { column: contacts.createdAt, type: "date" },
  last_activity_at: { column: contacts.lastActivityAt, type: "date" },
  blocked: { column: contacts.blocked, type: "boolean" },
  labels: { column: contacts.labels, type: "labels" },
};

/** POST /contacts/filter: the conditions, then the list's paging and order. */
export const filterContacts = async (ctx: AccountCtx, conditions: FilterCondition[], page: number) => {
  const condition = buildFilter(conditions, contactFields, { column: contacts.customAttributes, keys: await customAttributeKeys(ctx, "contact_attribute") });
  return pageContacts(ctx, condition, { page });
};
