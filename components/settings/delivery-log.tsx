import type { DeliveryTargetKind } from "@/db/schema";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { formatInstantToSecond } from "@/lib/format/dates";
import { redeliverAction } from "@/lib/portal/actions/webhooks";
import { deliveryTargetPath, type Delivery, type DeliveryLogPage } from "@/lib/portal/loaders/webhooks";
import { deliveriesPerPage } from "@/lib/webhooks/schemas";
import { RedeliverButton } from "./redeliver-button";

/*
 * The delivery log of a webhook, an agent bot or an API inbox: one page of deliveries, newest
 * first, each with its attempts behind a disclosure, and Redeliver for those that are over.
 * Times are on the account's clock, to the second: retries come seconds apart.
 */

const statuses: Record<Delivery["status"], { label: string; tone: "accent" | "success" | "warning" }> = {
  pending: { label: "Pending", tone: "accent" },
  delivered: { label: "Delivered", tone: "success" },
  failed: { label: "Failed", tone: "warning" },
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

const Time = ({ iso, zone }: { iso: string; zone: string }) => (
  <time dateTime={iso} title={iso}>
    {formatInstantToSecond(iso, zone)}
  </time>
);

const Attempts = ({ delivery, zone }: { delivery: Delivery; zone: string }) => (
  <Table label={`Attempts of the ${delivery.event} delivery`} stacked>
    <THead>
      <tr>
        <TH className="w-12">#</TH>
        <TH>Time</TH>
        <TH>URL</TH>
        <TH>Status code</TH>
        <TH>Duration</TH>
        <TH>Error</TH>
      </tr>
    </THead>
    <TBody>
      {delivery.attempts_log.map((attempt) => (
        <TR key={attempt.attempt}>
          <TD label="Attempt">{attempt.attempt}</TD>
          <TD label="Time" className="sm:whitespace-nowrap">
            <Time iso={attempt.started_at} zone={zone} />
          </TD>
          <TD label="URL" className="font-mono text-xs [overflow-wrap:anywhere]">
            {attempt.url}
          </TD>
          <TD label="Status code">{attempt.status_code ?? <span className="text-slate-400">None</span>}</TD>
          <TD label="Duration" className="sm:whitespace-nowrap">
            {attempt.duration_ms} ms
          </TD>
          <TD label="Error" className="[overflow-wrap:anywhere]">
            {attempt.error || attempt.error_code ? (
              <span className="text-red-700">{attempt.error ?? attempt.error_code}</span>
            ) : (
              <span className="text-slate-400">None</span>
            )}
          </TD>
        </TR>
      ))}
    </TBody>
  </Table>
);

const DeliveryItem = ({ accountId, kind, targetId, delivery, zone }: { accountId: number; kind: DeliveryTargetKind; targetId: number; delivery: Delivery; zone: string }) => {
  const status = statuses[delivery.status];
  return (
    <li className="space-y-3 px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm font-medium break-all text-slate-900">{delivery.event}</code>
            <Badge tone={status.tone}>{status.label}</Badge>
          </p>
          <p className="text-xs text-slate-500">
            <Time iso={delivery.created_at} zone={zone} />
            {" · "}
            {plural(delivery.attempts, "attempt")}
            {delivery.last_status !== null ? ` · last status ${delivery.last_status}` : null}
          </p>
          {delivery.status === "pending" && delivery.next_attempt_at ? (
            <p className="text-xs text-slate-500">
              Next attempt <Time iso={delivery.next_attempt_at} zone={zone} />
            </p>
          ) : null}
          {/* An HTTP error is its status code, said above; a timeout or a refused address needs its words. */}
          {delivery.status !== "delivered" && delivery.last_status === null && delivery.last_error ? (
            <p className="text-xs [overflow-wrap:anywhere] text-red-700">{delivery.last_error}</p>
          ) : null}
        </div>
        <RedeliverButton
          action={redeliverAction.bind(null, accountId, kind, targetId, delivery.delivery_id)}
          available={delivery.status !== "pending"}
          label={`Redeliver ${delivery.event} of ${formatInstantToSecond(delivery.created_at, zone)}`}
        />
      </div>
      {delivery.attempts_log.length > 0 ? (
        <details className="group">
          <summary className="cursor-pointer rounded text-sm font-medium text-indigo-700 marker:text-slate-400 max-sm:-my-2 max-sm:py-2">
            {plural(delivery.attempts_log.length, "attempt")}
            <span className="sr-only"> of the {delivery.event} delivery</span>
          </summary>
          <div className="mt-3">
            <Attempts delivery={delivery} zone={zone} />
          </div>
        </details>
      ) : null}
    </li>
  );
};

export const DeliveryLog = ({
  accountId,
  kind,
  targetId,
  log,
  timeZone,
  description,
  empty,
}: {
  accountId: number;
  kind: DeliveryTargetKind;
  targetId: number;
  log: DeliveryLogPage;
  timeZone: string;
  description: string;
  empty: string;
}) => {
  const { deliveries } = log.payload;
  const { current_page: page, count } = log.meta;
  const first = (page - 1) * deliveriesPerPage + 1;
  const last = first + deliveries.length - 1;
  const range = page === 1 && last === count ? `${count} ${count === 1 ? "delivery" : "deliveries"}` : deliveries.length > 0 ? `${first}–${last} of ${count}` : `${count} in all`;
  const pageHref = (to: number) => `${deliveryTargetPath(accountId, kind, targetId)}?page=${to}#delivery-log`;
  return (
    <section id="delivery-log" aria-labelledby="delivery-log-heading" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="px-4 pt-5 sm:px-6 sm:pt-6">
        <h2 id="delivery-log-heading" className="text-base font-semibold text-slate-900">
          Delivery log
        </h2>
        <p className="mt-1 text-sm text-slate-500">{description}</p>
      </div>
      {deliveries.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500 sm:px-6">{page > 1 ? "No deliveries on this page." : empty}</p>
      ) : (
        <ol aria-label="Deliveries" className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} accountId={accountId} kind={kind} targetId={targetId} delivery={delivery} zone={timeZone} />
          ))}
        </ol>
      )}
      {count > 0 ? (
        <nav aria-label="Delivery log pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 sm:px-6">
          <p className="text-xs text-slate-500">
            {range}, newest first
          </p>
          <div className="flex gap-2">
            {page > 1 ? (
              <ButtonLink variant="secondary" size="sm" href={pageHref(page - 1)}>
                Newer
              </ButtonLink>
            ) : null}
            {deliveries.length > 0 && last < count ? (
              <ButtonLink variant="secondary" size="sm" href={pageHref(page + 1)}>
                Older
              </ButtonLink>
            ) : null}
          </div>
        </nav>
      ) : null}
    </section>
  );
};
