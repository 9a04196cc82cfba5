import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { ActivityTime } from "@/components/contacts/activity-time";
import { ContactForm } from "@/components/contacts/contact-form";
import { ContactLabelsForm } from "@/components/contacts/contact-labels-form";
import { StoryBookings, StoryEvents, StoryQuotes } from "@/components/contacts/customer-story";
import { LabelList } from "@/components/contacts/label-chip";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { ChatIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { deleteContactAction, setContactLabelsAction, updateContactAction } from "@/lib/portal/actions/contacts";
import { accountTimeZone, contactPageData, loadContact } from "@/lib/portal/loaders/contacts";
import { canPlan } from "@/lib/portal/loaders/spaces";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { accountPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Contact · Venuedesk" };

const statusTone = { open: "accent", pending: "warning", resolved: "success", snoozed: "neutral" } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const attribute = (attributes: Record<string, unknown>, key: string) => {
  const value = attributes[key];
  return typeof value === "string" && value ? value : null;
};
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

export default async function ContactPage({ params }: { params: Promise<{ account_id: string; contact_id: string }> }) {
  const { account_id, contact_id } = await params;
  const ctx = await pageContext(account_id);
  const contact = await loadContact(account_id, contact_id);
  const { labels, colors, inboxNames, conversations, story } = await contactPageData(ctx, contact.id);
  const timeZone = accountTimeZone(ctx);
  const base = accountPath(ctx.account.id);
  const name = contact.name || contact.email || contact.phoneNumber || `Contact #${contact.id}`;
  const company = attribute(contact.additionalAttributes, "company_name");
  const city = attribute(contact.additionalAttributes, "city");

  // The catalogue, plus any label the contact carries that the catalogue lacks (set through the API).
  const catalogue = labels.map((label) => ({ title: label.title.toLowerCase(), color: label.color, description: label.description }));
  const extra = contact.labels.filter((title) => !catalogue.some((option) => option.title === title));
  const labelOptions = [...catalogue, ...extra.map((title) => ({ title, color: null, description: null }))];

  const overview: [string, ReactNode][] = [
    ["Created", <ActivityTime key="created" date={contact.createdAt} timeZone={timeZone} />],
    ["Last activity", <ActivityTime key="activity" date={contact.lastActivityAt} timeZone={timeZone} />],
    ["Identifier", contact.identifier ?? <span className="text-slate-400">None</span>],
    [
      "Inboxes",
      contact.contactInboxes?.length ? (
        contact.contactInboxes.map((identity) => identity.inbox.name).join(", ")
      ) : (
        <span className="text-slate-400">None</span>
      ),
    ],
  ];

  return (
    <>
      <PageHeader
        title={name}
        description={[company, city, contact.email].filter(Boolean).join(" · ") || undefined}
        back={{ href: `${base}/contacts`, label: "Contacts" }}
        actions={
          isAdmin(ctx) ? (
            <ConfirmButton
              action={deleteContactAction.bind(null, ctx.account.id, contact.id)}
              label="Delete contact"
              triggerSize="md"
              title={`Delete ${name}?`}
              description={
                conversations.length > 0 ? "Their conversations and messages are deleted with them. This cannot be undone." : "This cannot be undone."
              }
              confirmLabel="Delete contact"
              pendingLabel="Deleting…"
            />
          ) : undefined
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Details">
            <ContactForm
              action={updateContactAction.bind(null, ctx.account.id, contact.id)}
              contact={{ name: contact.name, email: contact.email, phone_number: contact.phoneNumber, company_name: company, city }}
            />
          </Card>

          <Card
            title="Events"
            description={
              <span className="flex flex-wrap items-center justify-between gap-3">
                <span>The newest first, with their dates in each space&apos;s time zone.</span>
                {canPlan(ctx) ? (
                  <ButtonLink href={`${base}/planning/events/new?contact=${contact.id}`} variant="secondary" size="sm">
                    New event
                  </ButtonLink>
                ) : null}
              </span>
            }
          >
            <StoryEvents accountId={ctx.account.id} story={story} />
          </Card>

          <Card title="Quotes" description="Every version of the quotes for these events, with the total including tax.">
            <StoryQuotes accountId={ctx.account.id} story={story} />
          </Card>

          <Card title="Conversations" description="The most recently active first.">
            {conversations.length === 0 ? (
              <EmptyState
                headingLevel={3}
                icon={<ChatIcon className="size-6" />}
                title="No conversations yet"
                description="When this contact writes to one of your inboxes, the conversation appears here."
              />
            ) : (
              <ul className="-my-3 divide-y divide-slate-100" aria-label="Conversations">
                {conversations.map((conversation) => {
                  const last = conversation.last_non_activity_message?.content;
                  return (
                    <li key={conversation.id}>
                      <Link
                        href={`${base}/conversations/${conversation.id}`}
                        className="-mx-3 flex items-start gap-3 rounded-md px-3 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        <div className="min-w-0 flex-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <span className="font-medium text-slate-900">#{conversation.id}</span>
                            <Badge tone={statusTone[conversation.status as keyof typeof statusTone] ?? "neutral"}>
                              {capitalised(conversation.status)}
                            </Badge>
                            <span className="text-sm text-slate-500">{inboxNames.get(conversation.inbox_id) ?? "Inbox"}</span>
                          </div>
                          {last ? <p className="mt-1 truncate text-sm text-slate-600">{last}</p> : null}
                          {conversation.labels.length > 0 ? (
                            <div className="mt-1.5">
                              <LabelList labels={conversation.labels} colors={colors} />
                            </div>
                          ) : null}
                        </div>
                        <span className="shrink-0 text-xs whitespace-nowrap text-slate-500">
                          <ActivityTime date={fromUnix(conversation.last_activity_at)} timeZone={timeZone} />
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </div>

        <div className="space-y-6">
          <Card title="Labels" description="Tick the labels that apply, then save.">
            <ContactLabelsForm
              action={setContactLabelsAction.bind(null, ctx.account.id, contact.id)}
              options={labelOptions}
              selected={contact.labels}
            />
          </Card>
          <Card title="Bookings" description="Confirmed spaces.">
            <StoryBookings accountId={ctx.account.id} story={story} />
          </Card>
          <Card title="Overview">
            <dl className="space-y-3 text-sm">
              {overview.map(([term, value]) => (
                <div key={term}>
                  <dt className="font-medium text-slate-500">{term}</dt>
                  <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
