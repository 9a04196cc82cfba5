"use client";

import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyField } from "@/components/ui/copy-field";
import { StatusMessage } from "@/components/ui/status-message";
import type { FormAction } from "@/lib/portal/form-state";

/**
 * An API access token with Copy and Reset. Resetting asks first, since every integration
 * using the old value stops working at once; the new value replaces the old one in place.
 */
export const TokenField = ({
  id,
  label,
  token,
  resetAction,
  hint,
  consequence,
}: {
  id: string;
  label: string;
  token: string;
  resetAction?: FormAction;
  hint?: string;
  consequence: string;
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
            label="Reset token"
            title="Reset the access token?"
            description={consequence}
            confirmLabel="Reset token"
            pendingLabel="Resetting…"
            onSuccess={(state) => {
              const fresh = state.data?.access_token;
              if (fresh) setCurrent({ from: token, value: fresh });
              setMessage(state.message ?? null);
            }}
          />
        </div>
      ) : null}
    </div>
  );
};
