import { and, asc, eq, ilike, ne, or } from "drizzle-orm";
import { cannedResponses } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import type { CannedResponseInput, CannedResponsePatch } from "./schemas";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every member may read them (agents insert them while replying); `search` matches code or content. */
export const listCannedResponses = (ctx: AccountCtx, options: { search?: string } = {}) => {
  const scope = eq(cannedResponses.accountId, ctx.account.id);
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined;
  return ctx.db
    .select()
    .from(cannedResponses)
    .where(pattern ? and(scope, or(ilike(cannedResponses.shortCode, pattern), ilike(cannedResponses.content, pattern))) : scope)
    .orderBy(asc(cannedResponses.shortCode), asc(cannedResponses.id));
};

export const findCannedResponse = async (ctx: AccountCtx, id: number) => {
  const [row] = await ctx.db
    .select()
    .from(cannedResponses)
    .where(and(eq(cannedResponses.accountId, ctx.account.id), eq(cannedResponses.id, id)));
  if (!row) throw notFound("Canned response");
  return row;
};

const ensureShortCodeFree = async (ctx: AccountCtx, shortCode: string, exceptId?: number) => {
  const [taken] = await ctx.db
    .select({ id: cannedResponses.id })
    .from(cannedResponses)
    .where(
      and(
        eq(cannedResponses.accountId, ctx.account.id),
        eq(cannedResponses.shortCode, shortCode),
        exceptId ? ne(cannedResponses.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError("short_code", "has already been taken", "taken");
};

export const createCannedResponse = async (ctx: AccountCtx, input: CannedResponseInput) => {
  requireAdmin(ctx, "canned_responses.manage");
  await ensureShortCodeFree(ctx, input.short_code);
  const [row] = await ctx.db
    .insert(cannedResponses)
    .values({ accountId: ctx.account.id, shortCode: input.short_code, content: input.content })
    .returning();
  return row!;
};

export const updateCannedResponse = async (ctx: AccountCtx, id: number, input: CannedResponsePatch) => {
  requireAdmin(ctx, "canned_responses.manage");
  await findCannedResponse(ctx, id);
  if (input.short_code !== undefined) await ensureShortCodeFree(ctx, input.short_code, id);
  const [row] = await ctx.db
    .update(cannedResponses)
    .set({ shortCode: input.short_code, content: input.content, updatedAt: new Date() })
    .where(and(eq(cannedResponses.accountId, ctx.account.id), eq(cannedResponses.id, id)))
    .returning();
  return row!;
};

export const deleteCannedResponse = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "canned_responses.manage");
  await findCannedResponse(ctx, id);
  await ctx.db.delete(cannedResponses).where(and(eq(cannedResponses.accountId, ctx.account.id), eq(cannedResponses.id, id)));
};
