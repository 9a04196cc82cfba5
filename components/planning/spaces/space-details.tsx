import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { capacityFields, weekdayLabels, weekdays, zoneLabel, type Capacities, type Schedule } from "./space-display";

type SpaceDetail = Capacities & {
  description: string | null;
  position: number;
  active: boolean;
  square_meters: number | null;
  timezone: string;
  working_hours_enabled: boolean;
  schedule: Schedule;
  available_from: string | null;
  available_until: string | null;
  out_of_office_message: string | null;
  max_tentative_allocations: number | null;
  tentative_expiry_minutes: number | null;
};

const notSet = <span className="text-slate-400">Not set</span>;

export const DetailList = ({ rows }: { rows: [string, ReactNode][] }) => (
  <dl className="divide-y divide-slate-100">
    {rows.map(([term, value]) => (
      <div key={term} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-3">
        <dt className="text-sm font-medium text-slate-500">{term}</dt>
        <dd className="text-sm break-words text-slate-900 sm:col-span-2">{value}</dd>
      </div>
    ))}
  </dl>
);

const minutes = (value: number) => (value % 1440 === 0 ? `${value / 1440} day${value === 1440 ? "" : "s"}` : value % 60 === 0 ? `${value / 60} h` : `${value} min`);

/** A space for members who may look but not change it. */
export const SpaceDetails = ({ space, parent, venue }: { space: SpaceDetail; parent: string | null; venue: string | null }) => (
  <div className="space-y-6">
    <Card title="Details" description="Only planners can change a space.">
      <DetailList
        rows={[
          ["Description", space.description ?? notSet],
          ["Inside", parent ?? "Top level"],
          ["Venue", venue ?? notSet],
          ["Position", space.position],
          ["Status", space.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>],
        ]}
      />
    </Card>
    <Card title="Capacity">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {[...capacityFields.map((field) => ({ label: field.label, value: space[field.name] })), { label: "Square metres", value: space.square_meters }].map(
          (item) => (
            <div key={item.label}>
              <dt className="text-xs font-medium text-slate-500">{item.label}</dt>
              <dd className="text-sm font-medium text-slate-900 tabular-nums">{item.value ?? <span className="text-slate-400">—</span>}</dd>
            </div>
          ),
        )}
      </dl>
    </Card>
    <Card title="Working hours">
      <DetailList
        rows={[
          ["Time zone", zoneLabel(space.timezone)],
          [
            "Opening hours",
            space.working_hours_enabled ? (
              <ul className="space-y-0.5">
                {weekdays.map((day) => (
                  <li key={day} className="flex gap-3">
                    <span className="w-24 text-slate-500">{weekdayLabels[day]}</span>
                    <span className="tabular-nums">{space.schedule[day] ? `${space.schedule[day].open}–${space.schedule[day].close}` : "Closed"}</span>
                  </li>
                ))}
              </ul>
            ) : (
              "Bookable at any time of day"
            ),
          ],
        ]}
      />
    </Card>
    <Card title="Holds and availability">
      <DetailList
        rows={[
          ["Competing holds", space.max_tentative_allocations ?? "No limit"],
          ["Hold expiry", space.tentative_expiry_minutes ? minutes(space.tentative_expiry_minutes) : "Never"],
          ["Available from", space.available_from ?? notSet],
          ["Available until", space.available_until ?? notSet],
          ["Out-of-office message", space.out_of_office_message ?? notSet],
        ]}
      />
    </Card>
  </div>
);
