import { Badge } from "@/components/ui/badge";
import { AlertIcon } from "@/components/ui/icons";
import { formatInstant } from "@/lib/format/dates";

/*
 * A webhook whose deliveries keep failing (lib/webhooks/health.ts) is flagged, never switched
 * off: its events keep being queued and tried, and each can be redelivered once it is fixed.
 */

export const FailingBadge = ({ since, timeZone }: { since: string; timeZone: string }) => (
  <Badge tone="warning">{`Failing since ${formatInstant(since, timeZone)}`}</Badge>
);

/** What the webhook's page says at the top while it is failing. */
export const FailingNotice = ({ since, timeZone }: { since: string; timeZone: string }) => (
  <div role="status" className="mb-4 flex gap-3 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
    <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-600" />
    <div>
      <p className="font-medium">
        Failing since <time dateTime={since}>{formatInstant(since, timeZone)}</time>
      </p>
      <p className="mt-1">
        Its deliveries keep failing. The webhook stays on and new events are still tried: check the receiver with the{" "}
        <a href="#delivery-log" className="font-medium underline underline-offset-2">
          delivery log
        </a>
        , then redeliver what it missed. The flag clears with the next successful delivery.
      </p>
    </div>
  </div>
);
