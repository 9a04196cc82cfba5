import type { companies } from "@/db/schema";

export type Company = typeof companies.$inferSelect;
export type CompanyPage = { companies: Company[]; count: number; page: number };

export const presentCompany = (company: Company) => ({
  id: company.id,
  name: company.name,
  vat_number: company.vatNumber,
  email: company.email,
  address: company.address,
  custom_attributes: company.customAttributes,
  created_at: company.createdAt.toISOString(),
  updated_at: company.updatedAt.toISOString(),
});

export const presentCompanyPage = (page: CompanyPage) => ({
  companies: page.companies.map(presentCompany),
  meta: { count: page.count, current_page: page.page },
});
