import { ApiError } from "@/lib/http/errors";
import { parseInput } from "@/lib/http/validation";
import { logFailure, postgresError } from "@/lib/log";
import type { McpCtx, Tool } from "./tool";

/** What a tool call answers (MCP's CallToolResult, as far as our tools use it). */
export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/**
 * A refusal as a tool result a model can act on: the API's message (and field errors), with the
 * API's error body as structured content. Business refusals (409, 422) and bad input land here,
 * not in JSON-RPC errors, so the model reads them and corrects itself.
 */
export const refusalResult = (error: ApiError): ToolResult => {
  const lines = [error.message, ...error.errors.map((fieldError) => `- ${fieldError.field}: ${fieldError.message}`)];
  return {
    content: [{ type: "text", text: lines.join("\n") }],
    structuredContent: { ...error.details, error: error.message, code: error.code, status: error.status, errors: error.errors },
    isError: true,
  };
};

const failureOf = (error: unknown, tool: string): ApiError => {
  if (error instanceof ApiError) {
    if (error.status >= 500) logFailure({ where: `mcp tool ${tool}` }, error.cause ?? error);
    return error;
  }
  const pg = postgresError(error);
  if (pg?.code === "23505" || pg?.code === "23P01") return new ApiError("conflict", "The record conflicts with an existing one");
  if (pg?.code === "23503") return new ApiError("invalid", "A referenced record does not exist");
  if (typeof pg?.code === "string" && pg.code.startsWith("22")) return new ApiError("invalid", "A value could not be stored");
  logFailure({ where: `mcp tool ${tool}` }, error);
  return new ApiError("internal_error", "The tool failed unexpectedly; the error was logged");
};

/**
 * Runs one tool for a caller the endpoint has already admitted: the arguments are cleaned and
 * parsed with the tool's schema (the API's request layer, so NUL, `__proto__` and bad dates are
 * refused the same way), then the service runs and its presented result becomes both the text
 * and the structured content.
 */
export const callTool = async (tool: Tool, ctx: McpCtx, args: unknown): Promise<ToolResult> => {
  try {
    const input = parseInput(tool.input, args ?? {});
    const result = (await tool.run(ctx, input)) as Record<string, unknown>;
    return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
  } catch (error) {
    return refusalResult(failureOf(error, tool.name));
  }
};
