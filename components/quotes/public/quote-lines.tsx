import { cn } from "@/components/ui/cn";
import type { ViewGroup, ViewLine } from "@/lib/quotes/format";

/** The customer's choice of optional lines, when the quote is still open. */
export type Selectable = {
  selected: ReadonlySet<string>;
  onToggle: (key: string, checked: boolean) => void;
};

const numeric = "whitespace-nowrap text-right tabular-nums";

const OptionalNote = ({ included, interactive, tag }: { included: boolean; interactive: boolean; tag: string | null }) => (
  <span
    className={cn(
      "ml-2 inline-flex items-center rounded px-1.5 py-px align-[1px] text-[11px] font-semibold tracking-wide whitespace-nowrap uppercase",
      included ? "bg-teal-50 text-teal-800 ring-1 ring-teal-200 ring-inset" : "bg-slate-100 text-slate-600 ring-1 ring-slate-200 ring-inset",
    )}
  >
    {interactive ? (included ? "Optional · added" : "Optional") : (tag ?? "Optional")}
  </span>
);

const LineRow = ({ line, id, selectable }: { line: ViewLine; id: string; selectable?: Selectable }) => {
  const interactive = line.optional && selectable !== undefined;
  const included = interactive ? selectable.selected.has(line.key) : line.counted;
  const name = interactive ? (
    <label htmlFor={id} className="cursor-pointer font-medium text-slate-900">
      {line.name}
    </label>
  ) : (
    <span className={cn("font-medium", included ? "text-slate-900" : "text-slate-500")}>{line.name}</span>
  );
  return (
    <tr className={cn("border-b border-slate-100 align-top", interactive && !included && "bg-slate-50/60")}>
      <td className="py-3 pr-3">
        <div className="flex items-start gap-3">
          {interactive ? (
            <input
              id={id}
              type="checkbox"
              checked={included}
              onChange={(event) => selectable.onToggle(line.key, event.target.checked)}
              aria-describedby={`${id}-price`}
              className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-slate-300 accent-teal-700"
            />
          ) : null}
          <div className="min-w-0">
            <div>
              {name}
              {line.optional ? <OptionalNote included={included} interactive={interactive} tag={line.tag} /> : null}
            </div>
            {line.description ? <p className="mt-0.5 whitespace-pre-line text-slate-500">{line.description}</p> : null}
            {/* On a phone the quantity, price and tax columns fold into one line under the name. */}
            <p id={`${id}-price`} className="mt-0.5 text-slate-500 sm:hidden">
              {line.quantity} × {line.unitPrice} · tax {line.taxRate}
            </p>
            {interactive && !included ? <p className="mt-0.5 text-xs text-slate-500">Not included. Tick to add it to your quote.</p> : null}
          </div>
        </div>
      </td>
      <td className={cn(numeric, "hidden px-3 py-3 text-slate-700 sm:table-cell")}>{line.quantity}</td>
      <td className={cn(numeric, "hidden px-3 py-3 text-slate-700 sm:table-cell")}>{line.unitPrice}</td>
      <td className={cn(numeric, "hidden px-3 py-3 text-slate-700 sm:table-cell")}>{line.taxRate}</td>
      <td className={cn(numeric, "py-3 pl-3 font-medium", included ? "text-slate-900" : "text-slate-400 line-through decoration-slate-300")}>{line.amount}</td>
    </tr>
  );
};

/**
 * The quote's lines under their categories, as the PDF lays them out: generated and added lines,
 * then the optional ones — with a checkbox each while the customer may still choose.
 */
export const QuoteLines = ({ groups, selectable }: { groups: ViewGroup[]; selectable?: Selectable }) => (
  <table className="w-full border-collapse text-sm">
    <caption className="sr-only">Quote lines by category</caption>
    <thead>
      <tr className="border-b border-slate-300 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        <th scope="col" className="py-2 pr-3 text-left">
          Description
        </th>
        <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
          Quantity
        </th>
        <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
          Unit price
        </th>
        <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">
          Tax
        </th>
        <th scope="col" className="py-2 pl-3 text-right">
          Amount
        </th>
      </tr>
    </thead>
    {groups.map((group, groupIndex) => (
      <tbody key={group.category}>
        <tr>
          <th scope="colgroup" colSpan={5} className="border-b border-slate-200 pt-6 pb-2 text-left text-sm font-semibold text-teal-900">
            {group.title}
          </th>
        </tr>
        {group.lines.map((line, lineIndex) => (
          <LineRow key={line.key} line={line} id={`quote-line-${groupIndex}-${lineIndex}`} selectable={selectable} />
        ))}
        {/* A group of optional lines nobody chose has no subtotal. */}
        {group.subtotal === null ? null : (
          <tr>
            <td colSpan={4} className="hidden pt-2 pr-3 pb-1 text-right text-slate-500 sm:table-cell">
              {group.title} subtotal
            </td>
            <td className="pt-2 pr-3 pb-1 text-right text-slate-500 sm:hidden">{group.title} subtotal</td>
            <td className={cn(numeric, "pt-2 pb-1 pl-3 font-semibold text-slate-900")}>{group.subtotal}</td>
          </tr>
        )}
      </tbody>
    ))}
  </table>
);
