import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { formatInstant } from "@/lib/format/dates";
import { hostOf } from "@/lib/oauth/consent";
import type { AuthorizedApp } from "@/lib/oauth/integrations";
import { revokeAuthorizedAppAction } from "@/lib/portal/actions/integrations";
import { scopeTitle } from "./wording";

/** Where an app says it comes from: its site, or the domain whose metadata document names it. */
const originOf = (app: AuthorizedApp) => {
  if (app.kind === "integration") return "Registered by an administrator of this account";
  const host = hostOf(app.client_uri) ?? (app.kind === "metadata_document" ? hostOf(app.client_id) : null);
  return host ?? "Registered itself when it connected";
};

/** The apps the signed-in user approved in this account, with what each may do and a way to end it. */
export const AuthorizedApps = ({ accountId, accountName, apps, timeZone }: { accountId: number; accountName: string; apps: AuthorizedApp[]; timeZone: string }) => (
  <Table label="Apps you authorized" stacked>
    <THead>
      <TR>
        <TH>App</TH>
        <TH>Access</TH>
        <TH className="w-40">Authorized</TH>
        <TH className="w-40">Last used</TH>
        <TH className="w-28">
          <span className="sr-only">Actions</span>
        </TH>
      </TR>
    </THead>
    <TBody>
      {apps.map((app) => (
        <TR key={app.client_id}>
          <TD>
            <span className="font-medium break-words text-slate-900">{app.name}</span>
            <span className="block text-xs break-words text-slate-500">{originOf(app)}</span>
          </TD>
          <TD label="Access">
            <ul className="flex flex-col gap-1">
              {app.scopes.map((scope) => (
                <li key={scope} className="flex flex-wrap items-center gap-1.5">
                  <Badge tone="accent">{scope}</Badge>
                  <span className="text-xs text-slate-600">{scopeTitle(scope)}</span>
                </li>
              ))}
            </ul>
          </TD>
          <TD label="Authorized">{formatInstant(app.authorized_at, timeZone)}</TD>
          <TD label="Last used">{app.last_used_at ? formatInstant(app.last_used_at, timeZone) : <span className="text-slate-500">Not yet</span>}</TD>
          <TD className="sm:text-right">
            <ConfirmButton
              action={revokeAuthorizedAppAction.bind(null, accountId, app.client_id)}
              label="Revoke"
              ariaLabel={`Revoke access for ${app.name}`}
              title={`Revoke access for ${app.name}?`}
              description={`${app.name} can no longer act as you in ${accountName}: its tokens stop working at once. To use it again, connect it and approve it again.`}
              confirmLabel="Revoke access"
              pendingLabel="Revoking…"
            />
          </TD>
        </TR>
      ))}
    </TBody>
  </Table>
);
