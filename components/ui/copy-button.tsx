"use client";

import { useEffect, useState } from "react";
import { Button } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

/**
 * Copies a value to the clipboard, says "Copied" for two seconds and announces it to screen
 * readers. Without clipboard permission `onFailure` runs instead (select the text, so the user can
 * copy it by hand).
 */
export const CopyButton = ({
  value,
  label,
  announce,
  onFailure,
  size,
}: {
  value: string;
  /** The button's accessible name ("Copy access token"). */
  label: string;
  /** What screen readers hear after copying. */
  announce: string;
  onFailure: () => void;
  size?: "sm";
}) => {
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
      onFailure();
      return;
    }
    setCopied(true);
  };

  return (
    <>
      <Button variant="secondary" size={size} onClick={copy} aria-label={label}>
        {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
        {copied ? "Copied" : "Copy"}
      </Button>
      <span className="sr-only" aria-live="polite">
        {copied ? announce : ""}
      </span>
    </>
  );
};
