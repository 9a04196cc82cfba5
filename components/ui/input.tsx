import type { ComponentProps } from "react";
import { Field, controlClass, describedBy, type FieldProps } from "./field";

type InputProps = Omit<ComponentProps<"input">, "name"> & FieldProps & { name: string };

/** A labelled text input; `error` sets aria-invalid and is announced through aria-describedby. */
export const Input = ({ label, hint, error, hideLabel, id, name, className, required, ...props }: InputProps) => {
  const inputId = id ?? `field-${name}`;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} hideLabel={hideLabel} required={required} className={className}>
      <input
        id={inputId}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        className={controlClass(Boolean(error), "h-9 py-1")}
        {...props}
      />
    </Field>
  );
};
