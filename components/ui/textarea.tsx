import type { ComponentProps } from "react";
import { Field, controlClass, describedBy, type FieldProps } from "./field";

type TextareaProps = Omit<ComponentProps<"textarea">, "name"> & FieldProps & { name: string };

export const Textarea = ({ label, hint, error, hideLabel, id, name, className, required, rows = 4, ...props }: TextareaProps) => {
  const inputId = id ?? `field-${name}`;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} hideLabel={hideLabel} required={required} className={className}>
      <textarea
        id={inputId}
        name={name}
        rows={rows}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        className={controlClass(Boolean(error), "resize-y py-2")}
        {...props}
      />
    </Field>
  );
};
