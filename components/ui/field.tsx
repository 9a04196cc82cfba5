import type { ReactNode } from "react";
import { cn } from "./cn";

export type FieldProps = {
  /** Visible label; every control has one. */
  label: string;
  /** Short help shown under the control. */
  hint?: ReactNode;
  /** Validation message; marks the control invalid. */
  error?: string;
  /** Keeps the label for assistive technology only (a search box beside its button). */
  hideLabel?: boolean;
};

export const controlClass = (invalid: boolean, extra?: string) =>
  cn(
    "block w-full rounded-md border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400",
    "focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600",
    "read-only:bg-slate-50 read-only:text-slate-700 disabled:bg-slate-50 disabled:text-slate-500",
    invalid ? "border-red-400 focus:outline-red-600" : "border-slate-300",
    extra,
  );

/** ids for the hint and error texts a control points at with aria-describedby. */
export const describedBy = (id: string, { hint, error }: Pick<FieldProps, "hint" | "error">) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

/**
 * Label, control, hint and error, stacked. `required` marks the field and sets aria-required
 * on the control, but leaves checking to the server so every rule speaks with one voice.
 */
export const Field = ({
  id,
  label,
  hint,
  error,
  hideLabel,
  required,
  children,
  className,
}: FieldProps & { id: string; required?: boolean; children: ReactNode; className?: string }) => (
  <div className={cn("space-y-1.5", className)}>
    <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
      {label}
      {required ? (
        <span className="ml-0.5 text-slate-400" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
    {children}
    {hint ? (
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    ) : null}
    {error ? (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    ) : null}
  </div>
);
