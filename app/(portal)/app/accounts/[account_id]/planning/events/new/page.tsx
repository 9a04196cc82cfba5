import type { Metadata } from "next";
import { defaultEventCurrency, eventsPath } from "@/lib/portal/loaders/events";
import { EventForm } from "@/components/planning/events/event-form";
import { canPlan } from "@/lib/portal/loaders/spaces";
import { PlannersOnly } from "@/components/planning/spaces/planners-only";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import {
  createEventAction,
  createEventCompanyAction,
  searchEventCompaniesAction,
  searchEventContactsAction,
} from "@/lib/portal/actions/events";

export const metadata: Metadata = { title: "New event · Venuedesk" };

const currencies = Intl.supportedValuesOf("currency");

export default async function NewEventPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = eventsPath(ctx.account.id);
  const back = { href: list, label: "Events" };
  if (!canPlan(ctx)) {
    return (
      <>
        <PageHeader title="New event" back={back} />
        <PlannersOnly what="add events" back={back} />
      </>
    );
  }
  const currency = defaultEventCurrency(ctx);
  const id = ctx.account.id;
  return (
    <>
      <PageHeader title="New event" description="Record the enquiry; book its spaces on the calendar once it exists." back={back} />
      <Card>
        <EventForm
          action={createEventAction.bind(null, id)}
          defaultCurrency={currency}
          currencies={currencies}
          pickers={{
            searchContacts: searchEventContactsAction.bind(null, id),
            searchCompanies: searchEventCompaniesAction.bind(null, id),
            createCompany: createEventCompanyAction.bind(null, id),
          }}
          submitLabel="Create event"
          cancelHref={list}
        />
      </Card>
    </>
  );
}
