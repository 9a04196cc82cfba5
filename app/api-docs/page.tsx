import type { Metadata } from "next";
import { openApiDocument } from "@/lib/openapi/document";
import { referenceOf, type FieldRow, type OpenApiLike } from "@/lib/openapi/reference";

export const metadata: Metadata = { title: "API reference · Venuedesk" };

const methodColour: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-800",
  POST: "bg-indigo-100 text-indigo-800",
  PUT: "bg-amber-100 text-amber-800",
  PATCH: "bg-amber-100 text-amber-800",
  DELETE: "bg-rose-100 text-rose-800",
};

const Fields = ({ title, rows }: { title: string; rows: FieldRow[] }) =>
  rows.length === 0 ? null : (
    <div className="mt-3">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      <table className="mt-1 w-full text-left text-sm">
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono text-slate-900">
                {row.name}
                {row.required && <span className="ml-1 text-rose-600" title="required">*</span>}
              </td>
              <td className="py-1 pr-3 font-mono text-xs text-slate-600">{row.type}</td>
              <td className="py-1 text-slate-600">{row.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

/** A readable reference generated from /api/v1/openapi.json: the same document, no second source. */
export default function ApiDocsPage() {
  const doc = openApiDocument() as unknown as OpenApiLike;
  const groups = referenceOf(doc);
  return (
    <div className="mx-auto flex max-w-6xl gap-8 px-6 py-10">
      <nav aria-label="API sections" className="sticky top-6 hidden h-fit w-56 shrink-0 text-sm lg:block">
        <p className="mb-2 font-semibold text-slate-900">Sections</p>
        <ul className="space-y-1">
          {groups.map((group) => (
            <li key={group.tag}>
              <a className="text-slate-600 hover:text-indigo-700" href={`#${group.tag.replace(/\s+/g, "-")}`}>
                {group.tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="min-w-0 flex-1">
        <header className="mb-8">
          <h1 className="text-3xl font-semibold text-slate-900">{doc.info.title}</h1>
          <p className="mt-2 max-w-3xl text-slate-600">{doc.info.description}</p>
          <p className="mt-2 text-sm text-slate-500">
            Version {doc.info.version}. Send tokens in the <code className="font-mono">api_access_token</code> header. Machine-readable:{" "}
            <a className="text-indigo-700 underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>
            .
          </p>
        </header>
        {groups.map((group) => (
          <section key={group.tag} id={group.tag.replace(/\s+/g, "-")} className="mb-10">
            <h2 className="mb-3 border-b border-slate-200 pb-1 text-xl font-semibold text-slate-900">{group.tag}</h2>
            <div className="space-y-4">
              {group.operations.map((operation) => (
                <article key={operation.id} id={operation.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <h3 className="flex flex-wrap items-center gap-2">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${methodColour[operation.method] ?? "bg-slate-100"}`}>
                      {operation.method}
                    </span>
                    <code className="font-mono text-sm text-slate-900">{operation.path}</code>
                  </h3>
                  <p className="mt-1 text-sm text-slate-700">{operation.summary}</p>
                  <p className="mt-1 text-xs text-slate-500">Auth: {operation.auth}</p>
                  <Fields title="Parameters" rows={operation.parameters} />
                  <Fields title={`Body (${operation.bodyTypes.join(", ")})`} rows={operation.body} />
                  <div className="mt-3">
                    <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Responses</h4>
                    <ul className="mt-1 text-sm">
                      {operation.responses.map((response) => (
                        <li key={response.status} className="text-slate-600">
                          <span className="font-mono font-semibold text-slate-900">{response.status}</span> {response.description}
                          {response.type && <span className="ml-1 font-mono text-xs text-slate-500">→ {response.type}</span>}
                        </li>
                      ))}
                    </ul>
                  </div>
                </article>
              ))}
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}
