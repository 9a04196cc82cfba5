"use client";

import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyField } from "@/components/ui/copy-field";
import { StatusMessage } from "@/components/ui/status-message";
import type { FormAction } from "@/lib/portal/form-state";

/**
 * An API access token (or a signing secret) with Copy and Reset. Resetting asks first, since
 * every integration using the old value stops working at once; the new value replaces the old
 * one in place. `reset` names the button and the dialog for a value that is not a token, and
 * which field of the action's data carries the new value.
 */
export const TokenField = ({
  id,
  label,
  token,
  resetAction,
  hint,
  consequence,
  reset = { label: "Reset token", title: "Reset the access token?", pendingLabel: "Resetting…", dataKey: "access_token" },
}: {
  id: string;
  label: string;
  token: string;
  resetAction?: FormAction;
  hint?: string;
  consequence: string;
  reset?: { label: string; title: string; pendingLabel: string; dataKey: string };
}) => {
  const [current, setCurrent] = useState<{ from: string; value: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A newer value from the server (after revalidation) wins over the one kept from the reset.
  const value = current && current.from === token ? current.value : token;

  return (
    <div className="space-y-4">
      <CopyField id={id} label={label} value={value} hint={hint} />
      {message ? <StatusMessage tone="success">{message}</StatusMessage> : null}
      {resetAction ? (
        <div>
          <ConfirmButton
            action={resetAction}
            label={reset.label}
            title={reset.title}
            description={consequence}
            confirmLabel={reset.label}
            pendingLabel={reset.pendingLabel}
            onSuccess={(state) => {
              const fresh = state.data?.[reset.dataKey];
              if (fresh) setCurrent({ from: token, value: fresh });
              setMessage(state.message ?? null);
            }}
          />
        </div>
      ) : null}
    </div>
  );
};
