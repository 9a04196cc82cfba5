import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { ActivityTime } from "@/components/contacts/activity-time";
import { LabelList } from "@/components/contacts/label-chip";
import { Pagination } from "@/components/contacts/pagination";
import { Notice } from "@/components/settings/notice";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ContactsIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { contactsPerPage } from "@/lib/contacts/contacts";
import type { ContactSort } from "@/lib/contacts/schemas";
import {
  accountTimeZone,
  contactListData,
  contactSortColumns,
  defaultContactSort,
  type ContactSortColumn,
} from "@/lib/portal/loaders/contacts";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { accountPath, readNotice } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Contacts · Venuedesk" };

const sortParam = (sort: ContactSort) => `${sort.descending ? "-" : ""}${sort.key}`;

/** The list's URL for a search, order and page; defaults are left out so links stay short. */
const listHref = (base: string, { q, sort, page }: { q: string | null; sort: ContactSort; page: number }) => {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sortParam(sort) !== sortParam(defaultContactSort)) params.set("sort", sortParam(sort));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
};

const SortHeader = ({
  column,
  label,
  sort,
  href,
  className,
}: {
  column: ContactSortColumn;
  label: string;
  sort: ContactSort;
  href: (sort: ContactSort) => string;
  className?: string;
}) => {
  const active = sort.key === column;
  const next = active ? !sort.descending : contactSortColumns[column] === "descending";
  return (
    <TH className={className} aria-sort={active ? (sort.descending ? "descending" : "ascending") : undefined}>
      <Link
        href={href({ key: column, descending: next })}
        className="inline-flex items-center gap-1 rounded whitespace-nowrap uppercase hover:text-slate-800"
        aria-label={`${label}: sort ${next ? "descending" : "ascending"}`}
      >
        {label}
        <span aria-hidden="true" className={active ? "text-indigo-600" : "text-slate-300"}>
          {active ? (sort.descending ? "↓" : "↑") : "↕"}
        </span>
      </Link>
    </TH>
  );
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("") || "?";

export default async function ContactsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const { list, colors } = await contactListData(ctx, query);
  const base = accountPath(ctx.account.id, "contacts");
  const timeZone = accountTimeZone(ctx);
  const href = (change: { sort?: ContactSort; page?: number }) =>
    listHref(base, { q: list.q, sort: change.sort ?? list.sort, page: change.page ?? (change.sort ? 1 : list.page) });
  const lastPage = list.total === null ? null : Math.max(1, Math.ceil(list.total / contactsPerPage));
  const firstShown = (list.page - 1) * contactsPerPage + 1;

  return (
    <>
      <PageHeader title="Contacts" description="The people and companies who write to you, each with their conversations." />
      <Notice notice={readNotice(query.notice)} noun="Contact" />

      {list.contacts.length === 0 && !list.q && list.page === 1 ? (
        <EmptyState
          icon={<ContactsIcon className="size-6" />}
          title="No contacts yet"
          description="A contact is added when a guest first writes to one of your inboxes, or when an integration creates one through the API."
        />
      ) : (
        <div className="space-y-4">
          <Form role="search" action={base} className="flex max-w-md items-end gap-2">
            <Input
              label="Search contacts"
              hideLabel
              name="q"
              type="search"
              placeholder="Search by name, email or phone number"
              defaultValue={list.q ?? ""}
              maxLength={255}
              className="flex-1"
            />
            {sortParam(list.sort) !== sortParam(defaultContactSort) ? (
              <input type="hidden" name="sort" value={sortParam(list.sort)} />
            ) : null}
            <Button type="submit" variant="secondary">
              <SearchIcon className="size-4" />
              Search
            </Button>
          </Form>

          {list.contacts.length === 0 ? (
            <EmptyState
              title={list.q ? `No contacts match “${list.q}”` : "No contacts on this page"}
              description={list.q ? "Try part of a name, an email address or a phone number." : "The list is shorter than this page number."}
              action={
                <ButtonLink variant="secondary" href={base}>
                  {list.q ? "Clear search" : "First page"}
                </ButtonLink>
              }
            />
          ) : (
            <>
              <p className="text-sm text-slate-500" aria-live="polite">
                {list.q ? `Contacts matching “${list.q}”` : `${list.total} contact${list.total === 1 ? "" : "s"}`}
                {` · showing ${firstShown}–${firstShown + list.contacts.length - 1}`}
                {list.q ? (
                  <>
                    {" · "}
                    <Link href={base} className="rounded text-indigo-700 hover:underline">
                      Clear search
                    </Link>
                  </>
                ) : null}
              </p>
              <Table label="Contacts">
                <THead>
                  <TR>
                    <SortHeader column="name" label="Name" sort={list.sort} href={(sort) => href({ sort })} />
                    <TH>Email</TH>
                    <TH>Phone</TH>
                    <TH>Labels</TH>
                    <SortHeader
                      column="last_activity_at"
                      label="Last activity"
                      sort={list.sort}
                      href={(sort) => href({ sort })}
                      className="w-40"
                    />
                  </TR>
                </THead>
                <TBody>
                  {list.contacts.map((contact) => {
                    const name = contact.name || contact.email || contact.phoneNumber || `Contact #${contact.id}`;
                    const company = contact.additionalAttributes.company_name;
                    return (
                      <TR key={contact.id} className="hover:bg-slate-50/60">
                        <TD>
                          <div className="flex items-center gap-3">
                            <span
                              aria-hidden="true"
                              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700"
                            >
                              {initials(name)}
                            </span>
                            <span className="min-w-0">
                              <Link
                                href={`${base}/${contact.id}`}
                                className="block truncate rounded font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                              >
                                {name}
                              </Link>
                              {typeof company === "string" && company ? (
                                <span className="block truncate text-xs text-slate-500">{company}</span>
                              ) : null}
                            </span>
                          </div>
                        </TD>
                        <TD className="break-all">{contact.email ?? <span className="text-slate-400">—</span>}</TD>
                        <TD className="whitespace-nowrap">{contact.phoneNumber ?? <span className="text-slate-400">—</span>}</TD>
                        <TD>
                          <LabelList labels={contact.labels} colors={colors} />
                        </TD>
                        <TD className="whitespace-nowrap text-slate-500">
                          <ActivityTime date={contact.lastActivityAt} timeZone={timeZone} />
                        </TD>
                      </TR>
                    );
                  })}
                </TBody>
              </Table>
              <Pagination page={list.page} last={lastPage} hasMore={list.hasMore} href={(page) => href({ page })} />
            </>
          )}
        </div>
      )}
    </>
  );
}
