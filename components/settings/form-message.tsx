import { StatusMessage } from "@/components/ui/status-message";
import type { FormState } from "@/lib/portal/form-state";

/** The whole-form result of the last submit: what failed, or that it worked. */
export const FormMessage = ({ state }: { state: FormState }) =>
  state.message && state.status !== "idle" ? (
    <StatusMessage tone={state.status === "error" ? "error" : "success"}>{state.message}</StatusMessage>
  ) : null;
