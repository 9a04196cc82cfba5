import { CopyButton } from "./copy-button";

/**
 * A ready-to-paste snippet with its caption and a Copy button. The block scrolls sideways on its
 * own (never the page) and takes focus, so a keyboard can scroll it too.
 */
export const CodeSnippet = ({ id, label, code }: { id: string; label: string; code: string }) => (
  <figure aria-labelledby={`${id}-label`} className="min-w-0 space-y-1.5">
    <figcaption className="flex items-center justify-between gap-3">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <CopyButton value={code} label={`Copy ${label}`} targetId={id} />
    </figcaption>
    <pre
      id={id}
      tabIndex={0}
      className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <code>{code}</code>
    </pre>
  </figure>
);
