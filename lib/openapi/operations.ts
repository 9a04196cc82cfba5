import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";

export const openApiOp = defineOperation({
  method: "GET",
  path: "/api/v1/openapi.json",
  summary: "This OpenAPI 3.1 document (no token)",
  tag: "Meta",
  callers: [],
  response: z.record(z.string(), z.unknown()),
});
