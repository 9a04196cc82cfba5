"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { CopyField } from "@/components/ui/copy-field";
import { AlertIcon } from "@/components/ui/icons";

type Props = {
  /** Prefixes the fields' ids (one reveal per integration on the list). */
  id: string;
  heading: string;
  clientId: string;
  secret: string;
  /** What happened, announced when the panel appears ("A new secret was issued…"). */
  message?: string;
  /** The way on: a link back to the list, or a button that hides the panel. */
  action: ReactNode;
};

/**
 * A client secret, shown the one time it exists in readable form: nothing stores it, so a reload
 * or leaving the page loses it for good. Focus moves to the heading, so the warning is read first.
 */
export const SecretReveal = ({ id, heading, clientId, secret, message, action }: Props) => {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, [secret]);

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 rounded-lg border border-amber-300 bg-amber-50/60 p-4 sm:p-5">
      <div className="flex gap-3">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="min-w-0">
          <h3 id={`${id}-heading`} ref={title} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
            {heading}
          </h3>
          {message ? (
            <p role="status" className="mt-1 text-sm text-slate-700">
              {message}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-slate-700">
            <strong className="font-semibold">You won&rsquo;t see this secret again.</strong> Copy it now into your program&rsquo;s secret store.
            If you lose it, rotate the secret to get a new one.
          </p>
        </div>
      </div>
      <CopyField id={`${id}-client-id`} label="Client ID" value={clientId} />
      <CopyField
        id={`${id}-client-secret`}
        label="Client secret"
        value={secret}
        hint="Send it with the client ID to the token endpoint (HTTP Basic authentication), never from a browser."
      />
      <div>{action}</div>
    </section>
  );
};
