"use client";

import { useSyncExternalStore } from "react";
import { Select } from "@/components/ui/select";
import { StatusMessage } from "@/components/ui/status-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePortalForm } from "@/components/ui/use-portal-form";
import type { FormAction } from "@/lib/portal/form-state";
import type { AuthorizationParameters } from "@/lib/oauth/authorize";
import type { ConsentAccount } from "@/lib/portal/loaders/oauth";

/**
 * Allow or Deny, with the account to connect. The request's parameters ride along as hidden
 * fields; the server checks them again before it answers the client. The buttons wait for the
 * page's script: the answer ends in a redirect to the client's own origin, which the browser
 * follows from script, whereas a plain form post redirected there would be stopped by the
 * page's CSP (`form-action 'self'`).
 */
const noSubscription = () => () => {};

export const ConsentForm = ({
  action,
  parameters,
  accounts,
  clientName,
  canAllow,
}: {
  action: FormAction;
  parameters: AuthorizationParameters;
  accounts: ConsentAccount[];
  clientName: string;
  canAllow: boolean;
}) => {
  const [state, formAction] = usePortalForm(action);
  const ready = useSyncExternalStore(noSubscription, () => true, () => false);
  const only = accounts.length === 1 ? accounts[0]! : null;
  return (
    <form action={formAction} className="space-y-5">
      {Object.entries(parameters).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.status === "error" && state.message ? <StatusMessage tone="error">{state.message}</StatusMessage> : null}
      {canAllow && only ? (
        <div>
          <input type="hidden" name="account_id" value={only.id} />
          <p className="text-sm font-medium text-slate-800">Account</p>
          <p className="mt-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-900">{only.name}</p>
        </div>
      ) : null}
      {canAllow && !only ? (
        <Select
          label="Account"
          name="account_id"
          hint={`${clientName} will only reach the account you choose.`}
          error={state.errors.account_id}
          options={accounts.map((account) => ({ value: String(account.id), label: account.name }))}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SubmitButton name="decision" value="deny" variant="secondary" disabled={!ready} className="w-full sm:w-auto" pendingLabel="Sending…">
          Deny
        </SubmitButton>
        {canAllow ? (
          <SubmitButton name="decision" value="allow" disabled={!ready} className="w-full sm:w-auto" pendingLabel="Sending…">
            Allow access
          </SubmitButton>
        ) : null}
      </div>
    </form>
  );
};
