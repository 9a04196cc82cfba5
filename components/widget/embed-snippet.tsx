"use client";

import { useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { controlClass } from "@/components/ui/field";

/** The website chat's code, read-only in full, with a button that copies it (as CopyField, over several lines). */
export const EmbedSnippet = ({ id, label, value, hint }: { id: string; label: string; value: string; hint: string }) => {
  const field = useRef<HTMLTextAreaElement>(null);
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <CopyButton
          value={value}
          label={`Copy ${label.toLowerCase()}`}
          announce={`${label} copied to the clipboard`}
          onFailure={() => field.current?.select()}
          size="sm"
        />
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
    </div>
  );
};
