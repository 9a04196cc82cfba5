"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

/** The website chat's code, read-only in full, with a button that copies it (as CopyField, over several lines). */
export const EmbedSnippet = ({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) => {
  const field = useRef<HTMLTextAreaElement>(null);
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
      // No clipboard permission: select the code so it can be copied by hand.
      field.current?.select();
      return;
    }
    setCopied(true);
  };

  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <Button variant="secondary" size="sm" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <textarea
        ref={field}
        id={id}
        readOnly
        value={value}
        rows={value.split("\n").length}
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        onFocus={(event) => event.currentTarget.select()}
        className={controlClass(false, "resize-none overflow-x-auto py-2 font-mono text-xs leading-5 whitespace-pre")}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      <span className="sr-only" aria-live="polite">
        {copied ? `${label} copied to the clipboard` : ""}
      </span>
    </div>
  );
};
