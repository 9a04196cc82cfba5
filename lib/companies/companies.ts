import { and, asc, count, eq, sql } from "drizzle-orm";
import { companies } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";
import type { Company, CompanyPage } from "./present";
import { companiesPerPage, type CompanyListQuery, type CreateCompanyInput, type UpdateCompanyInput } from "./schemas";

const inAccount = (ctx: AccountCtx) => eq(companies.accountId, ctx.account.id);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ordered by lower(name), the expression companies_account_name_idx covers. */
export const listCompanies = async (ctx: AccountCtx, query: CompanyListQuery): Promise<CompanyPage> => {
  const where = and(inAccount(ctx), query.q ? sql`${companies.name} ilike ${`%${escapeLike(query.q)}%`}` : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(companies)
      .where(where)
      .orderBy(sql`lower(${companies.name})`, asc(companies.id))
      .limit(companiesPerPage)
      .offset((query.page - 1) * companiesPerPage),
    ctx.db.select({ count: count() }).from(companies).where(where),
  ]);
  return { companies: rows, count: total?.count ?? 0, page: query.page };
};

export const findCompany = async (ctx: AccountCtx, id: number): Promise<Company> => {
  const [company] = await ctx.db
    .select()
    .from(companies)
    .where(and(inAccount(ctx), eq(companies.id, id)));
  if (!company) throw notFound("Company");
  return company;
};

export const createCompany = async (ctx: AccountCtx, input: CreateCompanyInput): Promise<Company> => {
  requirePermission(ctx, "planning_manage");
  const [company] = await ctx.db
    .insert(companies)
    .values({
      accountId: ctx.account.id,
      name: input.name,
      vatNumber: input.vat_number,
      email: input.email,
      address: input.address,
      customAttributes: input.custom_attributes,
    })
    .returning();
  return company!;
};

export const updateCompany = async (ctx: AccountCtx, id: number, input: UpdateCompanyInput): Promise<Company> => {
  requirePermission(ctx, "planning_manage");
  const [company] = await ctx.db
    .update(companies)
    .set({
      name: input.name,
      vatNumber: input.vat_number,
      email: input.email,
      address: input.address,
      customAttributes: input.custom_attributes,
      updatedAt: new Date(),
    })
    .where(and(inAccount(ctx), eq(companies.id, id)))
    .returning();
  if (!company) throw notFound("Company");
  return company;
};

/** Events that named the company keep going without one (the foreign key sets it null). */
export const deleteCompany = async (ctx: AccountCtx, id: number) => {
  requirePermission(ctx, "planning_manage");
  const [deleted] = await ctx.db
    .delete(companies)
    .where(and(inAccount(ctx), eq(companies.id, id)))
    .returning({ id: companies.id });
  if (!deleted) throw notFound("Company");
};
