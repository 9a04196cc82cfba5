"use client";

import { CopyButton as Copy } from "@/components/ui/copy-button";

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
 * Copies a value shown elsewhere on the page (a configuration snippet, a client id). `label` is the
 * button's accessible name ("Copy Cursor configuration"); without clipboard permission the text at
 * `targetId` is selected.
 */
export const CopyButton = ({ value, label, targetId }: { value: string; label: string; targetId: string }) => (
  <Copy value={value} label={label} announce="Copied to the clipboard" onFailure={() => selectText(targetId)} size="sm" />
);
