/** A label as it appears on contacts and in the catalogue: its title beside a dot of its colour. */
export const LabelChip = ({ title, color }: { title: string; color?: string | null }) => (
  <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset">
    <span aria-hidden="true" className="size-2 rounded-full ring-1 ring-black/10" style={{ backgroundColor: color ?? "#94a3b8" }} />
    {title}
  </span>
);

/** A contact's labels, or a dash when it has none. */
export const LabelList = ({ labels, colors }: { labels: readonly string[]; colors: ReadonlyMap<string, string> }) =>
  labels.length === 0 ? (
    <span className="text-slate-400">—</span>
  ) : (
    <ul className="flex flex-wrap gap-1" aria-label="Labels">
      {labels.map((label) => (
        <li key={label}>
          <LabelChip title={label} color={colors.get(label)} />
        </li>
      ))}
    </ul>
  );
