"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { StoryBookings, StoryEvents, StoryQuotes } from "@/components/contacts/customer-story";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { contactAction } from "@/lib/portal/actions/conversation-reads";
import { conversationStoryAction } from "@/lib/portal/actions/customer-story";
import { orThrow } from "@/lib/portal/outcome";
import { accountPath } from "@/lib/portal/paths";
import { fullTime, initials, isoTime, shortAgo, statusLabels } from "./format";
import { queryKeys, useInbox } from "./inbox-context";

const Detail = ({ term, title, children }: { term: string; title?: string | null; children: ReactNode }) => (
  <div>
    <dt className="text-xs font-medium text-slate-500">{term}</dt>
    <dd title={title ?? undefined} className="mt-0.5 truncate text-sm text-slate-900">{children ?? <span className="text-slate-400">Not given</span>}</dd>
  </div>
);

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);

const StorySection = ({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) => (
  <section aria-labelledby={id}>
    <div className="flex items-center justify-between gap-2">
      <h4 id={id} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h4>
      {action}
    </div>
    <div className="mt-2">{children}</div>
  </section>
);

/**
 * The customer's events, quotes and bookings beside the conversation (the events started in it
 * marked), and the way to start another from it. Loaded on its own so the contact shows first.
 */
const CustomerStorySections = ({ accountId, displayId }: { accountId: number; displayId: number }) => {
  const query = useQuery({
    queryKey: queryKeys.story(accountId, displayId),
    queryFn: async () => orThrow(await conversationStoryAction(accountId, displayId)),
    staleTime: 15_000,
  });
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only">Loading events and quotes…</span>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-4 w-40" />
      </div>
    );
  }
  if (!query.data) {
    return (
      <div>
        <StatusMessage tone="error">Events and quotes could not be loaded.</StatusMessage>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { story, can_plan } = query.data;
  return (
    <>
      <StorySection
        id="contact-events"
        title="Events"
        action={
          can_plan ? (
            <ButtonLink href={`${accountPath(accountId, "planning", "events", "new")}?conversation=${displayId}`} variant="secondary" size="sm" prefetch={false}>
              New event
            </ButtonLink>
          ) : null
        }
      >
        <StoryEvents accountId={accountId} story={story} conversationId={displayId} />
      </StorySection>
      <StorySection id="contact-quotes" title="Quotes">
        <StoryQuotes accountId={accountId} story={story} />
      </StorySection>
      <StorySection id="contact-bookings" title="Bookings">
        <StoryBookings accountId={accountId} story={story} />
      </StorySection>
    </>
  );
};

/**
 * Who the agent is talking to, and what else they asked before. Always beside the conversation
 * on wide screens; on narrower ones it slides over from the right when asked for.
 */
export const ContactPanel = ({
  contactId,
  displayId,
  open,
  onClose,
}: {
  contactId: number;
  displayId: number;
  open: boolean;
  onClose: () => void;
}) => {
  const { accountId } = useInbox();
  const query = useQuery({
    queryKey: queryKeys.contact(accountId, contactId),
    queryFn: async () => orThrow(await contactAction(accountId, contactId)),
    staleTime: 15_000,
  });
  const details = query.data;
  const contact = details?.contact;
  const others = details?.conversations.filter((conversation) => conversation.id !== displayId) ?? [];
  const company = text(contact?.additional_attributes.company_name);
  const city = text(contact?.additional_attributes.city);

  return (
    <>
      {open ? <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-900/20 xl:hidden" onClick={onClose} /> : null}
      <aside
        id="contact-panel"
        aria-label="Contact details"
        onKeyDown={(event) => {
          if (event.key === "Escape" && open) onClose();
        }}
        className={cn(
          "w-[280px] shrink-0 flex-col overflow-y-auto border-l border-slate-200 bg-white",
          open ? "fixed inset-y-0 right-0 z-40 flex shadow-xl xl:static xl:shadow-none" : "hidden xl:flex",
        )}
      >
        <div className="flex justify-end px-3 pt-3 xl:hidden">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
        {query.isPending ? (
          <div aria-busy="true" className="space-y-3 p-5">
            <span className="sr-only">Loading the contact…</span>
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-52" />
            <Skeleton className="h-4 w-32" />
          </div>
        ) : !contact ? (
          <div className="p-5">
            <StatusMessage tone="error">The contact could not be loaded.</StatusMessage>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="space-y-6 p-5">
            <div>
              <span
                aria-hidden="true"
                className="flex size-12 items-center justify-center rounded-full bg-indigo-100 text-base font-semibold text-indigo-700"
              >
                {initials(contact.name) || "?"}
              </span>
              <h3 className="mt-3 truncate text-base font-semibold text-slate-900">{contact.name}</h3>
              {company || city ? <p className="truncate text-sm text-slate-500">{[company, city].filter(Boolean).join(" · ")}</p> : null}
            </div>

            <dl className="space-y-3">
              <Detail term="Email" title={contact.email}>
                {contact.email ? (
                  <a href={`mailto:${contact.email}`} className="text-indigo-700 hover:underline">
                    {contact.email}
                  </a>
                ) : null}
              </Detail>
              <Detail term="Phone">
                {contact.phone_number ? (
                  <a href={`tel:${contact.phone_number}`} className="text-indigo-700 hover:underline">
                    {contact.phone_number}
                  </a>
                ) : null}
              </Detail>
              <Detail term="Identifier" title={contact.identifier}>{contact.identifier}</Detail>
              <Detail term="Labels">
                {details.labels.length > 0 ? (
                  <span className="flex flex-wrap gap-1">
                    {details.labels.map((label) => (
                      <span key={label} className="rounded bg-slate-100 px-1.5 py-px text-xs font-medium text-slate-600">
                        {label}
                      </span>
                    ))}
                  </span>
                ) : null}
              </Detail>
            </dl>

            <Link
              href={accountPath(accountId, "contacts", contact.id)}
              className="inline-block rounded text-sm font-medium text-indigo-700 hover:underline"
            >
              Open contact page <span aria-hidden="true">→</span>
            </Link>

            <CustomerStorySections accountId={accountId} displayId={displayId} />

            <section aria-labelledby="contact-other-conversations">
              <h4 id="contact-other-conversations" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Other conversations
              </h4>
              {others.length === 0 ? (
                <p className="mt-2 text-sm text-slate-500">None yet.</p>
              ) : (
                <ul className="mt-2 space-y-1">
                  {others.map((conversation) => (
                    <li key={conversation.id}>
                      <Link
                        href={accountPath(accountId, "conversations", conversation.id)}
                        prefetch={false}
                        className="block rounded-md px-2 py-1.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        <span className="flex items-center gap-2 text-xs text-slate-500">
                          <span className="font-medium text-slate-700">#{conversation.id}</span>
                          {statusLabels[conversation.status]}
                          <time
                            dateTime={isoTime(conversation.last_activity_at)}
                            title={fullTime(conversation.last_activity_at)}
                            suppressHydrationWarning
                            className="ml-auto"
                          >
                            {shortAgo(conversation.last_activity_at)}
                          </time>
                        </span>
                        <span className="block truncate text-sm text-slate-700">
                          {conversation.last_non_activity_message?.content ?? "No messages yet"}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </aside>
    </>
  );
};
