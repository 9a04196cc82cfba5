import type { ComponentProps } from "react";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "name"> & { name: string; label: string; hint?: string };

export const Checkbox = ({ label, hint, id, name, ...props }: CheckboxProps) => {
  const inputId = id ?? `field-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={inputId}
        name={name}
        type="checkbox"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className="mt-0.5 size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${inputId}-hint`} className="mt-0.5 text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
};
