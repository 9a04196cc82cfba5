import { z } from "zod";
import type { AccountCtx, UserCaller } from "@/lib/auth/caller";
import { hasPermission, isAdministrator, type Membership, type Permission } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/http/errors";
import { hasScope, type Scope } from "@/lib/oauth/scopes";

/*
 * MCP tools: the third door onto the services (DESIGN.md §1). A tool names the service it calls,
 * who may list and call it (a permission, the administrator role, or any member), the OAuth scope
 * it needs, and its input schema, built from the API's own zod schemas. The endpoint registers,
 * per request, only the tools the caller may call; anything else is an unknown tool.
 */

export type McpCtx = AccountCtx<UserCaller>;

/** Who may list and call a tool. Services still check every record (conversation visibility, …). */
export type ToolAccess = "member" | "administrator" | Permission;

export type ToolAnnotations = {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
};

export type Tool<I extends z.ZodObject = z.ZodObject, R extends object = object> = {
  /** snake_case verb_noun, at most 64 characters. */
  name: string;
  title: string;
  /** Written for a model: units, time zones, what to call next. */
  description: string;
  access: ToolAccess;
  scope: Extract<Scope, "read" | "write">;
  annotations: ToolAnnotations;
  /** A strict object: unknown keys are refused, and the listed JSON Schema says so. */
  input: I;
  /** The result's shape (an object), listed as `outputSchema`; the result is `structuredContent`. */
  output?: z.ZodType;
  run: (ctx: McpCtx, input: z.output<I>) => Promise<R>;
};

export const defineTool = <I extends z.ZodObject, R extends object>(tool: Tool<I, R>): Tool => tool as unknown as Tool;

/** Annotations of a tool that only reads. */
export const reads: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** A write that adds something (a message, a hold, a quote). */
export const adds: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** A write that sets state to a given value: repeating it changes nothing more. */
export const sets: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** A write that cancels, withdraws or removes. */
export const removes: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };

export const mayUse = (membership: Membership, access: ToolAccess) => {
  if (access === "member") return true;
  if (access === "administrator") return isAdministrator(membership);
  return hasPermission(membership, access);
};

/**
 * The tools a caller may list and call: its membership allows them and, for an OAuth token, its
 * scopes include theirs (a user access token carries every scope).
 */
export const toolsFor = (all: readonly Tool[], membership: Membership, granted: readonly Scope[]) =>
  all.filter((tool) => mayUse(membership, tool.access) && hasScope(granted, tool.scope));

/* Cursors: lists are paged by the API's page numbers; a cursor carries the next one, opaquely. */

export const ZCursor = z.string().max(200).optional().describe("Opaque cursor from a previous result's next_cursor; omit for the first page");

export const encodeCursor = (page: number) => Buffer.from(JSON.stringify({ page }), "utf8").toString("base64url");

export const decodeCursor = (cursor: string | undefined): number => {
  if (cursor === undefined) return 1;
  try {
    const { page } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { page?: unknown };
    if (typeof page === "number" && Number.isSafeInteger(page) && page >= 1 && page <= 100_000) return page;
  } catch {
    // fall through: a cursor we did not write
  }
  throw new ApiError("invalid", "cursor is not one this server handed out", { errors: [{ field: "cursor", message: "is invalid", code: "invalid" }] });
};

/** The next page's cursor when this page was full, else null (the list ended). */
export const nextCursor = (page: number, count: number, pageSize: number) => (count >= pageSize ? encodeCursor(page + 1) : null);
