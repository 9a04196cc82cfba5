import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZCompany, ZCompanyList, ZCompanyListQuery, ZCreateCompany, ZUpdateCompany } from "./schemas";

const tag = "Companies";
const base = "/api/v1/accounts/{account_id}/companies";

export const listCompaniesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's companies by name, 25 per page; `q` matches part of the name",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  query: ZCompanyListQuery,
  response: ZCompanyList,
});

export const createCompanyOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a company (planning_manage)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateCompany,
  bodyKey: "company",
  response: ZCompany,
  errors: [403],
});

export const showCompanyOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a company",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZCompany,
  errors: [404],
});

export const updateCompanyOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a company (partial; planning_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateCompany,
  bodyKey: "company",
  response: ZCompany,
  errors: [403, 404],
});

export const deleteCompanyOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a company; events that named it keep no company (planning_manage)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});
