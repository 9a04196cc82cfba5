"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { FormAction } from "@/lib/portal/form-state";
import { SecretReveal } from "./secret-reveal";

type Revealed = { clientId: string; secret: string; message?: string };

/** Rotate secret and Revoke, each asked first; a rotated secret is shown here, once. */
export const IntegrationActions = ({
  id,
  name,
  rotateAction,
  revokeAction,
}: {
  id: number;
  name: string;
  rotateAction: FormAction;
  revokeAction: FormAction;
}) => {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <ConfirmButton
          action={rotateAction}
          label="Rotate secret"
          ariaLabel={`Rotate the secret of ${name}`}
          title={`Rotate the secret of ${name}?`}
          description="You get a new secret, and the current one stops working at once. Access tokens already issued keep working until they expire (2 hours). Update your program with the new secret."
          confirmLabel="Rotate secret"
          pendingLabel="Rotating…"
          tone="primary"
          onSuccess={(state) => {
            const secret = state.data?.client_secret;
            const clientId = state.data?.client_id;
            if (secret && clientId) setRevealed({ clientId, secret, message: state.message });
          }}
        />
        <ConfirmButton
          action={revokeAction}
          label="Revoke"
          ariaLabel={`Revoke ${name}`}
          title={`Revoke ${name}?`}
          description="Every token it holds stops working at once, everyone who approved it loses the connection, and it can't sign in again. This cannot be undone."
          confirmLabel="Revoke"
          pendingLabel="Revoking…"
        />
      </div>
      {revealed ? (
        <SecretReveal
          id={`integration-${id}-secret`}
          heading={`Copy the new client secret of ${name}`}
          clientId={revealed.clientId}
          secret={revealed.secret}
          message={revealed.message}
          action={
            <Button variant="secondary" onClick={() => setRevealed(null)}>
              I&rsquo;ve copied it
            </Button>
          }
        />
      ) : null}
    </div>
  );
};
