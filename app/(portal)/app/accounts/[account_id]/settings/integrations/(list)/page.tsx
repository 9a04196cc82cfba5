import type { Metadata } from "next";
import Link from "next/link";
import { AuthorizedApps } from "@/components/integrations/authorized-apps";
import { IntegrationList } from "@/components/integrations/integration-list";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { loadIntegrations } from "@/lib/portal/loaders/integrations";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Integrations · Venuedesk" };

const linkClass = "rounded font-medium text-indigo-700 underline-offset-2 hover:underline";

export default async function IntegrationsPage({ params }: { params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  const { admin, integrations, apps, timeZone } = await loadIntegrations(account_id);
  const accountId = ctx.account.id;
  const registerLink = (
    <ButtonLink href={settingsPath(accountId, "integrations", "new")}>
      <PlusIcon className="size-4" />
      Register integration
    </ButtonLink>
  );
  const assistant = (
    <Link href={settingsPath(accountId, "ai-assistant")} className={linkClass}>
      Connect an AI assistant
    </Link>
  );

  return (
    <>
      <PageHeader
        title="Integrations"
        description={<>Programs and apps that work in {ctx.account.name} through OAuth. To use Claude, Cursor or VS Code here, see {assistant}.</>}
        back={{ href: settingsPath(accountId), label: "Settings" }}
        actions={admin ? registerLink : undefined}
      />
      <div className="space-y-10">
        {integrations ? (
          <section aria-labelledby="integrations-heading" className="space-y-4">
            <div>
              <h2 id="integrations-heading" className="text-base font-semibold text-slate-900">
                Registered integrations
              </h2>
              <p className="mt-1 text-sm text-slate-500">
                OAuth applications this account&rsquo;s administrators registered for their own programs. Each has a client ID and a secret.
              </p>
            </div>
            {integrations.length === 0 ? (
              <EmptyState
                icon={<KeyIcon className="size-6" />}
                title="No integrations yet"
                description="Register one to give your own program a client ID and secret, so it can call the Venuedesk API or its MCP server without anyone's personal token."
                action={registerLink}
                headingLevel={3}
              />
            ) : (
              <IntegrationList accountId={accountId} integrations={integrations} timeZone={timeZone} />
            )}
          </section>
        ) : null}

        <section aria-labelledby="apps-heading" className="space-y-4">
          <div>
            <h2 id="apps-heading" className="text-base font-semibold text-slate-900">
              Apps you authorized
            </h2>
            <p className="mt-1 text-sm text-slate-500">
              Apps you allowed to act as you in {ctx.account.name}. Revoke one and its tokens stop working at once.
              {admin ? null : " Administrators register this account’s own integrations."}
            </p>
          </div>
          {apps.length === 0 ? (
            <EmptyState
              icon={<KeyIcon className="size-6" />}
              title="No apps yet"
              description={
                <>
                  When you connect an app or an AI assistant to this account and approve it, it appears here. See {assistant}.
                </>
              }
              headingLevel={3}
            />
          ) : (
            <AuthorizedApps accountId={accountId} accountName={ctx.account.name} apps={apps} timeZone={timeZone} />
          )}
        </section>
      </div>
    </>
  );
}
