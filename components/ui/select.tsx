import type { ComponentProps } from "react";
import { Field, controlClass, describedBy, type FieldProps } from "./field";

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<ComponentProps<"select">, "name" | "children"> & FieldProps & { name: string; options: readonly SelectOption[] };

export const Select = ({ label, hint, error, hideLabel, id, name, className, required, options, ...props }: SelectProps) => {
  const inputId = id ?? `field-${name}`;
  return (
    <Field id={inputId} label={label} hint={hint} error={error} hideLabel={hideLabel} required={required} className={className}>
      <select
        id={inputId}
        name={name}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { hint, error })}
        className={controlClass(Boolean(error), "h-9 py-1 pr-8")}
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
};
