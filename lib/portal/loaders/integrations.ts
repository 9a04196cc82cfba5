import { isAdministrator } from "@/lib/auth/permissions";
import { toolsFor, type Tool } from "@/lib/mcp/tool";
import { tools } from "@/lib/mcp/tools";
import { contactTools } from "@/lib/mcp/tools/contacts";
import { conversationTools } from "@/lib/mcp/tools/conversations";
import { directoryTools } from "@/lib/mcp/tools/directory";
import { planningTools } from "@/lib/mcp/tools/planning";
import { quoteTools } from "@/lib/mcp/tools/quotes";
import { reportTools } from "@/lib/mcp/tools/reports";
import { listAuthorizedApps, listIntegrations } from "@/lib/oauth/integrations";
import { scopes } from "@/lib/oauth/scopes";
import { mcpResource } from "@/lib/oauth/urls";
import { portalLoader } from "@/lib/portal/loader";
import { accountTimeZone } from "./contacts";
import { pageBaseUrl } from "@/lib/portal/context";

/*
 * Settings → Integrations and "Connect an AI assistant". The integrations list is an
 * administrator's (the service refuses anyone else, so agents are not asked); the apps a user
 * authorized are everyone's own.
 */

export const loadIntegrations = portalLoader({
  ids: [],
  load: async (ctx) => {
    const admin = ctx.membership !== null && isAdministrator(ctx.membership);
    const integrations = admin ? await listIntegrations(ctx) : null;
    const apps = await listAuthorizedApps(ctx);
    return { admin, integrations, apps, timeZone: accountTimeZone(ctx) };
  },
});

const domains: { title: string; tools: readonly Tool[] }[] = [
  { title: "Conversations", tools: conversationTools },
  { title: "Contacts", tools: contactTools },
  { title: "Inboxes, agents and teams", tools: directoryTools },
  { title: "Reports", tools: reportTools },
  { title: "Planning", tools: planningTools },
  { title: "Quotes and pricing", tools: quoteTools },
];

/**
 * A tool's description is written for a model (units, ids, what to call next); a person reads its
 * first clause: up to the first colon, semicolon or full stop outside parentheses.
 */
export const toolSummary = (description: string) => {
  let text = description;
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\s*\([^()]*\)/g, "");
  }
  text = text.replaceAll("`", "");
  const clause = text.split(/[.:;](?:\s|$)/)[0]!.trim();
  return `${clause}.`;
};

export type ToolGroup = { title: string; tools: { name: string; title: string; summary: string; changes: boolean }[] };

/** The tools the member would see with every scope granted, by domain, in the endpoint's order. */
export const toolGroupsFor = (membership: Parameters<typeof toolsFor>[1] | null): ToolGroup[] => {
  if (!membership) return [];
  const visible = new Set(toolsFor(tools, membership, scopes).map((tool) => tool.name));
  const known = new Set(domains.flatMap((domain) => domain.tools.map((tool) => tool.name)));
  const groups = [...domains, { title: "Other", tools: tools.filter((tool) => !known.has(tool.name)) }];
  return groups
    .map(({ title, tools: domainTools }) => ({
      title,
      tools: domainTools
        .filter((tool) => visible.has(tool.name))
        .map((tool) => ({ name: tool.name, title: tool.title, summary: toolSummary(tool.description), changes: !tool.annotations.readOnlyHint })),
    }))
    .filter((group) => group.tools.length > 0);
};

export const loadAssistantSetup = portalLoader({
  ids: [],
  load: async (ctx) => ({
    accountName: ctx.account.name,
    mcpUrl: mcpResource(await pageBaseUrl(), ctx.account.id),
    groups: toolGroupsFor(ctx.membership),
  }),
});
