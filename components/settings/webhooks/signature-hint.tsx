const Code = ({ children }: { children: string }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800 [overflow-wrap:anywhere]">{children}</code>;

/** How a receiver checks a delivery (the recipe of lib/events/sign.ts, as the README gives it). */
export const SignatureHint = () => (
  <details className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
    <summary className="cursor-pointer font-medium text-slate-800">How to verify a delivery</summary>
    <ol className="mt-3 list-decimal space-y-2 pl-5">
      <li>
        Take the <Code>X-Chatwoot-Timestamp</Code> header and the request body exactly as received (before parsing the JSON).
      </li>
      <li>
        Compute HMAC-SHA256 with this secret over <Code>{"<timestamp>.<raw body>"}</Code>, as lowercase hex.
      </li>
      <li>
        Compare it with the <Code>X-Chatwoot-Signature</Code> header, which reads <Code>{"sha256=<hex>"}</Code>, in constant time; reject
        old timestamps to stop replays.
      </li>
      <li>
        <Code>X-Chatwoot-Delivery</Code> stays the same on every retry and redelivery: keep the ones you processed to skip repeats.
      </li>
    </ol>
  </details>
);
