import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import { ZAccount, ZUpdateAccount } from "./schemas";

const tag = "Account";
const path = "/api/v1/accounts/{account_id}";

export const getAccountOp = defineOperation({
  method: "GET",
  path,
  summary: "Show the account",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZAccount,
  errors: [404],
});

export const updateAccountOp = defineOperation({
  method: "PATCH",
  path,
  summary: "Update the account (administrators; JSON or form-urlencoded)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZUpdateAccount,
  bodyKey: "account",
  form: true,
  response: ZAccount,
  errors: [404],
});
