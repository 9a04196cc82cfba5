"use client";

import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyField } from "@/components/ui/copy-field";
import { StatusMessage } from "@/components/ui/status-message";
import type { FormAction } from "@/lib/portal/form-state";

/** How the reset is worded, and which field of the action's data carries the new value. */
const wordings = {
  token: { label: "Reset token", title: "Reset the access token?", pendingLabel: "Resetting…", dataKey: "access_token" },
  secret: { label: "Rotate secret", title: "Rotate the signing secret?", pendingLabel: "Rotating…", dataKey: "secret" },
} as const;

/**
 * An API access token (or, `kind="secret"`, a signing secret) with Copy and Reset. Resetting asks
 * first, since every integration using the old value stops working at once; the new value
 * replaces the old one in place.
 */
export const TokenField = ({
  id,
  label,
  token,
  resetAction,
  hint,
  consequence,
  kind = "token",
}: {
  id: string;
  label: string;
  token: string;
  resetAction?: FormAction;
  hint?: string;
  consequence: string;
  kind?: keyof typeof wordings;
}) => {
  const reset = wordings[kind];
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
