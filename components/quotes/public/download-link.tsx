import { buttonClass } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-4">
    <path d="M12 4v11M7 10.5l5 5 5-5M5 19.5h14" />
  </svg>
);

/** `/q/{token}/pdf`, with the customer's optional lines when they chose some other than the stored ones. */
export const pdfHref = (token: string, selection?: readonly string[]) => {
  const base = `/q/${encodeURIComponent(token)}/pdf`;
  if (selection === undefined) return base;
  const query = new URLSearchParams([["selection", "custom"], ...selection.map((key) => ["option", key])]);
  return `${base}?${query.toString()}`;
};

/** A plain link (a file, not a page): the browser downloads it. */
export const DownloadLink = ({ token, selection, className }: { token: string; selection?: readonly string[]; className?: string }) => (
  <a href={pdfHref(token, selection)} download className={buttonClass({ variant: "secondary" }, cn("h-10 px-4", className))}>
    <DownloadIcon />
    Download PDF
  </a>
);
