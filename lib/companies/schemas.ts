import { z } from "zod";
import { ZEmail, ZName, ZObject } from "@/lib/http/schemas";

/** "" clears a field as null does (forms and Chatwoot clients send both). */
const blankable = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullable()).optional();

const companyFields = {
  name: ZName,
  vat_number: blankable(z.string().trim().max(64)),
  email: blankable(ZEmail),
  address: blankable(z.string().trim().max(2_000)),
  custom_attributes: ZObject.optional(),
};

export const ZCreateCompany = z.object(companyFields).meta({ id: "CompanyCreate" });
export type CreateCompanyInput = z.output<typeof ZCreateCompany>;
export const ZUpdateCompany = z.object(companyFields).partial().meta({ id: "CompanyUpdate" });
export type UpdateCompanyInput = z.output<typeof ZUpdateCompany>;

export const companiesPerPage = 25;

export const ZCompanyListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: `1-based page (${companiesPerPage} per page)` }),
  q: z.string().trim().max(255).optional().meta({ description: "Part of the name, any case" }),
});
export type CompanyListQuery = z.output<typeof ZCompanyListQuery>;

export const ZCompany = z
  .object({
    id: z.int(),
    name: z.string(),
    vat_number: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    custom_attributes: ZObject,
    created_at: z.string().meta({ description: "ISO 8601, UTC" }),
    updated_at: z.string().meta({ description: "ISO 8601, UTC" }),
  })
  .meta({ id: "Company" });

export const ZCompanyList = z
  .object({
    companies: z.array(ZCompany),
    meta: z.object({ count: z.int().meta({ description: "Companies matching, all pages" }), current_page: z.int() }),
  })
  .meta({ id: "CompanyList" });
