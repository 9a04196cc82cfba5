import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/server";
import { presentAccount } from "@/lib/accounts/present";
import { effectivePermissions } from "@/lib/auth/permissions";
import { callTool } from "./call";
import type { McpCtx, Tool } from "./tool";

/*
 * Resources: what an assistant may want in its context without a tool call. The account (with the
 * caller's role and permissions, so it knows what it may do), and each space by URI — read through
 * the get_space tool, so a resource is no second door with rules of its own.
 */

const cacheHint = { ttlMs: 60_000, cacheScope: "private" as const };

/** `reads`: the caller's scopes include `read` (an OAuth token for the profile alone reads nothing here). */
export const registerResources = (server: McpServer, ctx: McpCtx, allowed: readonly Tool[], reads: boolean) => {
  if (!reads) return;
  server.registerResource(
    "account",
    "venuedesk://account",
    { title: "This account", description: "The account the assistant works in, and the signed-in user's role and permissions in it", mimeType: "application/json", cacheHint },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify({
            account: presentAccount(ctx.account),
            user: { id: ctx.caller.user.id, name: ctx.caller.user.name, role: ctx.membership!.role, permissions: effectivePermissions(ctx.membership!) },
          }),
        },
      ],
    }),
  );
  const getSpace = allowed.find((tool) => tool.name === "get_space");
  if (!getSpace) return;
  server.registerResource(
    "space",
    new ResourceTemplate("venuedesk://spaces/{space_id}", { list: undefined }),
    { title: "A space", description: "One space (capacities, time zone, opening hours); ids come from the list_spaces tool", mimeType: "application/json", cacheHint },
    async (uri, { space_id }) => {
      const result = await callTool(getSpace, ctx, { space_id: String(space_id) });
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: result.content[0]!.text }] };
    },
  );
};
