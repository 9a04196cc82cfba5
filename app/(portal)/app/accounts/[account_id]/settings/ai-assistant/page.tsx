import type { Metadata } from "next";
import Link from "next/link";
import { ClientSetup } from "@/components/integrations/client-setup";
import { ToolList } from "@/components/integrations/tool-list";
import { Card } from "@/components/ui/card";
import { CopyField } from "@/components/ui/copy-field";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { loadAssistantSetup } from "@/lib/portal/loaders/integrations";
import { accountPath, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Connect an AI assistant · Venuedesk" };

const linkClass = "rounded font-medium text-indigo-700 underline-offset-2 hover:underline";

export default async function AiAssistantPage({ params }: { params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  const { accountName, mcpUrl, groups } = await loadAssistantSetup(account_id);
  const profileHref = accountPath(ctx.account.id, "profile");
  const integrationsHref = settingsPath(ctx.account.id, "integrations");

  return (
    <>
      <PageHeader
        title="Connect an AI assistant"
        description={`Let Claude, Cursor, VS Code or another MCP client work in ${accountName} for you: read conversations, find free slots, prepare quotes.`}
        back={{ href: settingsPath(ctx.account.id), label: "Settings" }}
      />
      <div className="space-y-8">
        <Card title="This account’s MCP server" description="The one address your assistant needs. Each account has its own; connect one per account.">
          <CopyField id="mcp-url" label="MCP server URL" value={mcpUrl} hint="Streamable HTTP transport." />
        </Card>

        <section aria-labelledby="sign-in-heading" className="space-y-4">
          <h2 id="sign-in-heading" className="text-base font-semibold text-slate-900">
            How your assistant signs in
          </h2>
          <div className="grid gap-4 md:grid-cols-2">
            <Card className="min-w-0">
              <h3 className="text-sm font-semibold text-slate-900">With Venuedesk sign-in (recommended)</h3>
              <p className="mt-2 text-sm text-slate-600">
                Give your assistant only the URL. It finds Venuedesk&rsquo;s sign-in from it, opens this site in your browser and asks you what it may do:
                see your profile, read this account&rsquo;s data, make changes. You can end it at any time under{" "}
                <Link href={integrationsHref} className={linkClass}>
                  Integrations
                </Link>{" "}
                → Apps you authorized.
              </p>
            </Card>
            <Card className="min-w-0">
              <h3 className="text-sm font-semibold text-slate-900">With your personal access token</h3>
              <p className="mt-2 text-sm text-slate-600">
                For clients that can&rsquo;t sign in: send the token from{" "}
                <Link href={profileHref} className={linkClass}>
                  your profile
                </Link>{" "}
                in the <code className="font-mono text-xs">api_access_token</code> header. It acts as you with all your rights, in every account you belong
                to, until you reset it. Keep it secret.
              </p>
            </Card>
          </div>
        </section>

        <section aria-labelledby="clients-heading" className="space-y-4">
          <h2 id="clients-heading" className="text-base font-semibold text-slate-900">
            Set up your client
          </h2>
          <ClientSetup url={mcpUrl} profileHref={profileHref} />
        </section>

        <section aria-labelledby="tools-heading" className="space-y-4">
          <div>
            <h2 id="tools-heading" className="text-base font-semibold text-slate-900">
              What your assistant can do for you
            </h2>
            <p className="mt-1 text-sm text-slate-500">
              The tools it is offered when you connect it and allow everything. It can never do more than you can in {accountName}; if you allow it
              only to read, it gets only the tools marked Reads.
            </p>
          </div>
          <ToolList groups={groups} />
        </section>
      </div>
    </>
  );
}
