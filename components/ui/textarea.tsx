import type { ComponentProps } from "react";
import { Field, controlClass, describedBy, type FieldProps } from "./field";

type TextareaProps = Omit<ComponentProps<"textarea">, "name"> & FieldProps & { name: string };

export const Textarea = ({ label, hint, error, id, name, className, required, rows = 4, ...props }: TextareaProps) => {
  const inputId = id ?? name;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} required={required} className={className}>
      <textarea
        id={inputId}
        name={name}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        className={controlClass(Boolean(error), "resize-y")}
        {...props}
      />
    </Field>
  );
};
