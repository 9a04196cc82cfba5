import type { Metadata } from "next";
import { defaultEventCurrency, eventsPath, newEventPrefill } from "@/lib/portal/loaders/events";
import { EventForm } from "@/components/planning/events/event-form";
import { canPlan } from "@/lib/portal/loaders/spaces";
import { PlannersOnly } from "@/components/planning/spaces/planners-only";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { accountPath } from "@/lib/portal/paths";
import {
  createEventAction,
  createEventCompanyAction,
  searchEventCompaniesAction,
  searchEventContactsAction,
} from "@/lib/portal/actions/events";

export const metadata: Metadata = { title: "New event · Venuedesk" };

const currencies = Intl.supportedValuesOf("currency");

export default async function NewEventPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const list = eventsPath(ctx.account.id);
  if (!canPlan(ctx)) {
    const back = { href: list, label: "Events" };
    return (
      <>
        <PageHeader title="New event" back={back} />
        <PlannersOnly what="add events" back={back} />
      </>
    );
  }
  const currency = defaultEventCurrency(ctx);
  const id = ctx.account.id;
  // Started from a conversation (its side panel) or a contact's page: their contact and company are filled in.
  const prefill = await newEventPrefill(ctx, await searchParams);
  const from = prefill.conversationId ? { id: prefill.conversationId, href: accountPath(id, "conversations", prefill.conversationId) } : null;
  const back = from ? { href: from.href, label: `Conversation #${from.id}` } : { href: list, label: "Events" };
  return (
    <>
      <PageHeader title="New event" description="Record the enquiry; book its spaces on the calendar once it exists." back={back} />
      <Card>
        <EventForm
          action={createEventAction.bind(null, id)}
          event={
            prefill.contact
              ? { name: "", status: "lead", attendees_count: null, currency, contact: prefill.contact, company: prefill.company, description: null, notes: null }
              : undefined
          }
          conversation={from}
          defaultCurrency={currency}
          currencies={currencies}
          pickers={{
            searchContacts: searchEventContactsAction.bind(null, id),
            searchCompanies: searchEventCompaniesAction.bind(null, id),
            createCompany: createEventCompanyAction.bind(null, id),
          }}
          submitLabel="Create event"
          cancelHref={back.href}
        />
      </Card>
    </>
  );
}
