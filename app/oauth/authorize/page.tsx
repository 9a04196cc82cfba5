import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ConsentForm } from "@/components/oauth/consent-form";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { Logo } from "@/components/portal/logo";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { AlertIcon, CheckIcon } from "@/components/ui/icons";
import { StatusMessage } from "@/components/ui/status-message";
import { answerAuthorizationAction } from "@/lib/portal/actions/oauth";
import type { SearchParams } from "@/lib/portal/context";
import { loadAuthorization, type ConsentView } from "@/lib/portal/loaders/oauth";

// GET /oauth/authorize — the OAuth authorization endpoint: the signed-in user allows an application or not.

export const metadata: Metadata = { title: "Allow access · Venuedesk", referrer: "no-referrer" };

const Frame = ({ children }: { children: ReactNode }) => (
  <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center sm:py-12">
    <div className="w-full max-w-md">
      <div className="mb-6 flex items-center justify-center gap-2 text-sm font-semibold text-slate-900">
        <Logo className="size-7" />
        Venuedesk
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  </main>
);

const Invalid = ({ message, returnTo }: { message: string; returnTo?: { url: string; host: string } }) => (
  <Frame>
    <div className="flex items-start gap-3">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700" aria-hidden="true">
        <AlertIcon className="size-5" />
      </div>
      <div>
        <h1 className="text-base font-semibold text-slate-900">This request can’t be used</h1>
        <p className="mt-1 text-sm text-slate-600">{message}</p>
        <p className="mt-3 text-sm text-slate-600">Go back to the application that sent you here and try connecting again.</p>
      </div>
    </div>
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      {returnTo ? (
        // A plain link the user chooses to follow: the error goes back to the application, never on its own.
        <a href={returnTo.url} rel="noreferrer" className={buttonClass({ variant: "secondary" })}>
          Return to {returnTo.host}
        </a>
      ) : null}
      <Link href="/app" className={buttonClass({ variant: "secondary" })}>
        Open Venuedesk
      </Link>
    </div>
  </Frame>
);

type Consent = Extract<ConsentView, { kind: "consent" }>;

/** Who vouches for the client: a domain (metadata document), the account (integration), or no one. */
const Provenance = ({ client }: { client: Consent["client"] }) => {
  if (client.kind === "metadata_document") {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="success">Verified domain</Badge>
        <span>
          Identified by <span className="font-medium text-slate-800">{client.verifiedHost}</span>
        </span>
      </p>
    );
  }
  if (client.kind === "integration") {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <Badge tone="accent">Integration</Badge>
        <span>Registered by an administrator of your account</span>
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <Badge tone="warning">Not verified</Badge>
      <span>This application registered itself. Continue only if you started this from an app you trust.</span>
    </p>
  );
};

const ConsentPage = ({ view }: { view: Consent }) => {
  const { client } = view;
  const canAllow = view.accounts.length > 0;
  return (
    <Frame>
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-base font-semibold text-indigo-700" aria-hidden="true">
          {client.name.trim().charAt(0).toUpperCase() || "?"}
        </div>
        <div className="min-w-0">
          <h1 className="text-base font-semibold break-words text-slate-900">
            {client.name} wants to access your Venuedesk account
          </h1>
          {client.site ? <p className="mt-0.5 truncate text-sm text-slate-500">{client.site}</p> : null}
        </div>
      </div>

      <div className="mt-4">
        <Provenance client={client} />
      </div>

      <section aria-labelledby="consent-scopes" className="mt-6">
        <h2 id="consent-scopes" className="text-sm font-medium text-slate-800">
          It will be able to
        </h2>
        <ul className="mt-2 space-y-3">
          {view.scopes.map((scope) => (
            <li key={scope.scope} className="flex gap-3">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <div className="text-sm">
                <p className="font-medium text-slate-900">{scope.title}</p>
                <p className="text-slate-500">{scope.detail}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500">Never more than you can do yourself. You can revoke access at any time in Settings → Integrations.</p>
      </section>

      <div className="mt-6 border-t border-slate-100 pt-5">
        {!canAllow ? (
          <StatusMessage tone="error" className="mb-4">
            {view.missingAccountId !== null
              ? `This application asks for account ${view.missingAccountId}, and you are not a member of it. Sign in as someone who is, or deny the request.`
              : "You are not a member of any Venuedesk account, so there is nothing to connect."}
          </StatusMessage>
        ) : null}
        <ConsentForm action={answerAuthorizationAction} parameters={view.parameters} accounts={view.accounts} clientName={client.name} canAllow={canAllow} />
        <p className="mt-4 text-xs text-slate-500">
          Either way you will return to <span className="font-medium break-all text-slate-700">{view.redirectHost}</span>.
        </p>
      </div>

      <div className="mt-6 flex flex-col items-start gap-1 border-t border-slate-100 pt-4 text-xs text-slate-500 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
        <span className="max-w-full min-w-0 truncate">
          Signed in as <span className="font-medium text-slate-700">{view.user.email}</span>
        </span>
        <SignOutButton label="Switch account" comeBack className="-ml-2.5 shrink-0 sm:-mr-2.5 sm:ml-0" />
      </div>
    </Frame>
  );
};

export default async function AuthorizePage({ searchParams }: { searchParams: SearchParams }) {
  const view = await loadAuthorization(await searchParams);
  return view.kind === "invalid" ? <Invalid message={view.message} returnTo={view.returnTo} /> : <ConsentPage view={view} />;
}
