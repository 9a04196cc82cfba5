import { ButtonLink } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";

export const FormActions = ({ submitLabel, cancelHref }: { submitLabel: string; cancelHref?: string }) => (
  <div className="flex items-center gap-2 border-t border-slate-100 pt-5">
    <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
    {cancelHref ? (
      <ButtonLink variant="secondary" href={cancelHref}>
        Cancel
      </ButtonLink>
    ) : null}
  </div>
);
