"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckIcon, CopyIcon } from "@/components/ui/icons";

/** Selects an element's text, for copying by hand when the page may not use the clipboard. */
const selectText = (id: string) => {
  const element = document.getElementById(id);
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
};

/**
 * Copies a value (a configuration snippet, a client id). `label` is the button's accessible name
 * ("Copy Cursor configuration"); without clipboard permission the text at `targetId` is selected.
 */
export const CopyButton = ({ value, label, targetId }: { value: string; label: string; targetId: string }) => {
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
      selectText(targetId);
      return;
    }
    setCopied(true);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy} aria-label={label}>
        {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
        {copied ? "Copied" : "Copy"}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? "Copied to the clipboard" : ""}
      </span>
    </>
  );
};
