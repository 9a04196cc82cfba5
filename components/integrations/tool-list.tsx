import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import type { ToolGroup } from "@/lib/portal/loaders/integrations";
import { SparkleIcon } from "@/components/ui/icons";

/** The MCP tools the signed-in member would be offered, by domain. */
export const ToolList = ({ groups }: { groups: ToolGroup[] }) =>
  groups.length === 0 ? (
    <EmptyState
      icon={<SparkleIcon className="size-6" />}
      title="No tools for you here"
      description="Your role in this account offers an assistant no tools. An administrator can give you more permissions."
      headingLevel={3}
    />
  ) : (
    <div className="grid gap-6 lg:grid-cols-2">
      {groups.map((group, index) => (
        <section key={group.title} aria-labelledby={`tool-group-${index}`} className="min-w-0">
          <h3 id={`tool-group-${index}`} className="text-sm font-semibold text-slate-900">
            {group.title}
          </h3>
          <ul aria-label={`${group.title} tools`} className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {group.tools.map((tool) => (
              <li key={tool.name} className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-medium text-slate-900">{tool.title}</span>
                  {tool.changes ? <Badge tone="warning">Makes changes</Badge> : <Badge>Reads</Badge>}
                </div>
                <p className="mt-0.5 text-sm text-slate-500">{tool.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
