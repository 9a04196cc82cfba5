"use client";

import { useRef } from "react";
import { CopyButton } from "./copy-button";
import { controlClass } from "./field";

/** A read-only value (a token, a secret) with a button that copies it. */
export const CopyField = ({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className={controlClass(false, "h-9 py-1 font-mono")}
        />
        <CopyButton value={value} label={`Copy ${label}`} announce={`${label} copied to the clipboard`} onFailure={() => input.current?.select()} />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
};
