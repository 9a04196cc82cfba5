import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { SettingsList } from "@/components/settings/settings-list";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { CannedIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listCannedResponses } from "@/lib/canned-responses/canned-responses";
import { ZCannedResponseQuery } from "@/lib/canned-responses/schemas";
import { deleteCannedResponseAction } from "@/lib/portal/actions/canned-responses";
import { firstParam, isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Canned responses · Venuedesk" };

export default async function CannedResponsesPage({
  params,
  searchParams,
}: {
  params: Promise<{ account_id: string }>;
  searchParams: SearchParams;
}) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const parsed = ZCannedResponseQuery.safeParse({ search: firstParam(query.search)?.trim() || undefined });
  const search = parsed.success ? parsed.data.search : undefined;
  const rows = await listCannedResponses(ctx, { search });
  const admin = isAdmin(ctx);
  const list = settingsPath(ctx.account.id, "canned-responses");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="canned-responses"
      admin={admin}
      title="Canned responses"
      description="Saved replies your team inserts into a conversation by typing / and a short code."
      noun="Canned response"
      newLabel="New canned response"
      notice={readNotice(query.notice)}
      isEmpty={rows.length === 0 && !search}
      emptyIcon={<CannedIcon className="size-6" />}
      emptyTitle="No canned responses yet"
      emptyDescription={
        admin
          ? "Save the replies you send most, like directions or opening hours, and insert them with a short code."
          : "When an administrator saves replies for the team, you will find them here."
      }
    >
      <div className="space-y-4">
        <Form role="search" action={list} className="flex max-w-md items-end gap-2">
          <Input
            label="Search canned responses"
            hideLabel
            name="search"
            type="search"
            placeholder="Search by short code or content"
            defaultValue={search ?? ""}
            maxLength={200}
            className="flex-1"
          />
          <Button type="submit" variant="secondary">
            <SearchIcon className="size-4" />
            Search
          </Button>
        </Form>

        {rows.length === 0 ? (
          <EmptyState
            title={`No canned responses match “${search}”`}
            description="Try another word, or clear the search to see them all."
            action={
              <ButtonLink variant="secondary" href={list}>
                Clear search
              </ButtonLink>
            }
          />
        ) : (
          <Table label="Canned responses">
            <THead>
              <TR>
                <TH className="w-48">Short code</TH>
                <TH>Content</TH>
                {admin ? (
                  <TH className="w-40">
                    <span className="sr-only">Actions</span>
                  </TH>
                ) : null}
              </TR>
            </THead>
            <TBody>
              {rows.map((row) => (
                <TR key={row.id}>
                  <TD className="font-mono text-sm font-medium text-slate-900">
                    {admin ? (
                      <Link href={`${list}/${row.id}`} className="rounded hover:text-indigo-700 hover:underline">
                        {row.shortCode}
                      </Link>
                    ) : (
                      row.shortCode
                    )}
                  </TD>
                  <TD className="whitespace-pre-line">{row.content}</TD>
                  {admin ? (
                    <TD>
                      <div className="flex justify-end gap-2">
                        <ButtonLink variant="secondary" size="sm" href={`${list}/${row.id}`} aria-label={`Edit ${row.shortCode}`}>
                          Edit
                        </ButtonLink>
                        <ConfirmButton
                          action={deleteCannedResponseAction.bind(null, ctx.account.id, row.id)}
                          label="Delete"
                          ariaLabel={`Delete ${row.shortCode}`}
                          title={`Delete “${row.shortCode}”?`}
                          description="Agents will no longer be able to insert this reply. This cannot be undone."
                          confirmLabel="Delete"
                          pendingLabel="Deleting…"
                        />
                      </div>
                    </TD>
                  ) : null}
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </div>
    </SettingsList>
  );
}
