"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "./button";
import { controlClass } from "./field";
import { CheckIcon, CopyIcon } from "./icons";

/** A read-only value (a token, a secret) with a button that copies it. */
export const CopyField = ({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) => {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard permission: select the text so the user can copy it by hand.
      input.current?.select();
      return;
    }
    setCopied(true);
  };

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
        <Button variant="secondary" onClick={copy} aria-label={`Copy ${label}`}>
          {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {copied ? `${label} copied to the clipboard` : ""}
      </span>
    </div>
  );
};
