import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { formatInstant } from "@/lib/format/dates";
import type { Integration } from "@/lib/oauth/integrations";
import { revokeIntegrationAction, rotateIntegrationSecretAction } from "@/lib/portal/actions/integrations";
import { CopyButton } from "./copy-button";
import { IntegrationActions } from "./integration-actions";
import { grantTypeNames, scopeTitle } from "./wording";

const Detail = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs font-medium text-slate-500">{term}</dt>
    <dd className="mt-0.5 text-sm text-slate-800">{children}</dd>
  </div>
);

/** The account's integrations, each a card: live ones with Rotate and Revoke, revoked ones as a record. */
export const IntegrationList = ({ accountId, integrations, timeZone }: { accountId: number; integrations: Integration[]; timeZone: string }) => (
  <ul aria-label="Integrations" className="space-y-4">
    {integrations.map((integration) => {
      const revoked = integration.revoked_at !== null;
      const clientIdElement = `integration-${integration.id}-client-id-text`;
      return (
        <li
          key={integration.id}
          aria-label={integration.name}
          className={revoked ? "rounded-lg border border-slate-200 bg-slate-50 p-5" : "rounded-lg border border-slate-200 bg-white p-5 shadow-sm"}
        >
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 text-sm font-semibold break-words text-slate-900">{integration.name}</h3>
            {revoked ? <Badge tone="warning">Revoked</Badge> : <Badge tone="success">Active</Badge>}
          </div>
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <Detail term="Client ID">
              <span className="flex items-center gap-2">
                <code id={clientIdElement} className="min-w-0 font-mono text-xs break-all">
                  {integration.client_id}
                </code>
                <CopyButton value={integration.client_id} label={`Copy the client ID of ${integration.name}`} targetId={clientIdElement} />
              </span>
            </Detail>
            <Detail term="Scopes">
              <span className="flex flex-wrap gap-1.5">
                {integration.scopes.map((scope) => (
                  <span key={scope} title={scopeTitle(scope)}>
                    <Badge tone="accent">{scope}</Badge>
                  </span>
                ))}
              </span>
            </Detail>
            <Detail term="Signs in with">{grantTypeNames(integration.grant_types)}</Detail>
            <Detail term="Redirect URIs">
              {integration.redirect_uris.length === 0 ? (
                <span className="text-slate-500">None</span>
              ) : (
                <ul className="space-y-0.5">
                  {integration.redirect_uris.map((uri) => (
                    <li key={uri} className="font-mono text-xs break-all">
                      {uri}
                    </li>
                  ))}
                </ul>
              )}
            </Detail>
            <Detail term="Registered">{formatInstant(integration.created_at, timeZone)}</Detail>
            <Detail term="Last used">{integration.last_used_at ? formatInstant(integration.last_used_at, timeZone) : "Never"}</Detail>
            {integration.revoked_at ? <Detail term="Revoked">{formatInstant(integration.revoked_at, timeZone)}</Detail> : null}
          </dl>
          {revoked ? null : (
            <div className="mt-5 border-t border-slate-100 pt-4">
              <IntegrationActions
                id={integration.id}
                name={integration.name}
                rotateAction={rotateIntegrationSecretAction.bind(null, accountId, integration.id)}
                revokeAction={revokeIntegrationAction.bind(null, accountId, integration.id)}
              />
            </div>
          )}
        </li>
      );
    })}
  </ul>
);
