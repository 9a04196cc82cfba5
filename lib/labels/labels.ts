import { and, asc, eq, ne, sql, type AnyColumn } from "drizzle-orm";
import { contacts, conversations, labels } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import type { Label } from "./present";
import type { CreateLabelInput, UpdateLabelInput } from "./schemas";

/** Every member may read the catalogue (they tag conversations with it). */
export const listLabels = (ctx: AccountCtx): Promise<Label[]> =>
  ctx.db.select().from(labels).where(eq(labels.accountId, ctx.account.id)).orderBy(asc(labels.title), asc(labels.id));

export const findLabel = async (ctx: AccountCtx, id: number): Promise<Label> => {
  const [label] = await ctx.db
    .select()
    .from(labels)
    .where(and(eq(labels.accountId, ctx.account.id), eq(labels.id, id)));
  if (!label) throw notFound("Label");
  return label;
};

const ensureTitleFree = async (ctx: AccountCtx, title: string, exceptId?: number) => {
  const [taken] = await ctx.db
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(eq(labels.accountId, ctx.account.id), eq(sql`lower(${labels.title})`, title), exceptId ? ne(labels.id, exceptId) : undefined),
    );
  if (taken) throw fieldError("title", "has already been taken", "taken");
};

/**
 * Rewrites one title in the `labels` arrays of the account's conversations and contacts: to
 * `replacement` (kept once) or out of them when it is null. Matching ignores case, as titles do.
 */
const rewriteTitle = async (ctx: AccountCtx, title: string, replacement: string | null) => {
  const rewrite = (column: AnyColumn) =>
    replacement === null
      ? sql`array(select l from unnest(${column}) as l where lower(l) <> ${title})`
      : sql`array(
          select d.l from (
            select distinct on (lower(r.l)) r.l, r.n
            from (select case when lower(u.l) = ${title} then ${replacement} else u.l end as l, u.n
                  from unnest(${column}) with ordinality as u(l, n)) as r
            order by lower(r.l), r.n
          ) as d order by d.n)`;
  const carries = (column: AnyColumn) => sql`exists (select 1 from unnest(${column}) as l where lower(l) = ${title})`;
  await ctx.db
    .update(conversations)
    .set({ labels: rewrite(conversations.labels) })
    .where(and(eq(conversations.accountId, ctx.account.id), carries(conversations.labels)));
  await ctx.db
    .update(contacts)
    .set({ labels: rewrite(contacts.labels) })
    .where(and(eq(contacts.accountId, ctx.account.id), carries(contacts.labels)));
};

export const createLabel = async (ctx: AccountCtx, input: CreateLabelInput): Promise<Label> => {
  requireAdmin(ctx, "agents.manage");
  await ensureTitleFree(ctx, input.title);
  const [label] = await ctx.db
    .insert(labels)
    .values({
      accountId: ctx.account.id,
      title: input.title,
      description: input.description ?? null,
      color: input.color,
      showOnSidebar: input.show_on_sidebar,
    })
    .returning();
  return label!;
};

/** A new title is carried over to the conversations and contacts tagged with the old one. */
export const updateLabel = async (ctx: AccountCtx, id: number, input: UpdateLabelInput): Promise<Label> => {
  requireAdmin(ctx, "agents.manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const current = await findLabel(tx, id);
    if (input.title !== undefined) await ensureTitleFree(tx, input.title, id);
    const [label] = await db
      .update(labels)
      .set({
        title: input.title,
        description: input.description,
        color: input.color,
        showOnSidebar: input.show_on_sidebar,
        updatedAt: new Date(),
      })
      .where(and(eq(labels.accountId, ctx.account.id), eq(labels.id, id)))
      .returning();
    if (input.title !== undefined && input.title !== current.title.toLowerCase()) {
      await rewriteTitle(tx, current.title.toLowerCase(), input.title);
    }
    return label!;
  });
};

/** The title also leaves every conversation and contact of the account, in the same transaction. */
export const deleteLabel = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agents.manage");
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const label = await findLabel(tx, id);
    await db.delete(labels).where(and(eq(labels.accountId, ctx.account.id), eq(labels.id, id)));
    await rewriteTitle(tx, label.title.toLowerCase(), null);
  });
};
