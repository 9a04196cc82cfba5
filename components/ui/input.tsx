import type { ComponentProps } from "react";
import { Field, controlClass, describedBy, type FieldProps } from "./field";

type InputProps = Omit<ComponentProps<"input">, "name"> & FieldProps & { name: string };

/** A labelled text input; `error` sets aria-invalid and is announced through aria-describedby. */
export const Input = ({ label, hint, error, id, name, className, required, ...props }: InputProps) => {
  const inputId = id ?? name;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} required={required} className={className}>
      <input
        id={inputId}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        className={controlClass(Boolean(error))}
        {...props}
      />
    </Field>
  );
};
