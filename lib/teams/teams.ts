import { and, asc, eq, ne, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { teamMembers, teams } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import type { Team, TeamView } from "./present";
import type { CreateTeamInput, UpdateTeamInput } from "./schemas";

/** Marks the teams the caller belongs to, in one query whatever their number. */
const withMembership = async (ctx: AccountCtx, rows: readonly Team[]): Promise<TeamView[]> => {
  const userId = ctx.caller.kind === "user" ? ctx.caller.user.id : null;
  const mine =
    userId === null || rows.length === 0
      ? []
      : await ctx.db
          .select({ teamId: teamMembers.teamId })
          .from(teamMembers)
          .where(
            and(
              eq(teamMembers.accountId, ctx.account.id),
              eq(teamMembers.userId, userId),
              anyOf(
                teamMembers.teamId,
                rows.map((team) => team.id),
              ),
            ),
          );
  const member = new Set(mine.map((row) => row.teamId));
  return rows.map((team) => ({ ...team, isMember: member.has(team.id) }));
};

const one = async (ctx: AccountCtx, team: Team) => (await withMembership(ctx, [team]))[0]!;

export const findTeam = async (ctx: AccountCtx, id: number, options: { lock?: boolean } = {}): Promise<Team> => {
  const query = ctx.db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, ctx.account.id), eq(teams.id, id)));
  const [team] = await (options.lock ? query.for("update") : query);
  if (!team) throw notFound("Team");
  return team;
};

/** Every member of the account may read teams (conversations are assigned to them). */
export const listTeams = async (ctx: AccountCtx): Promise<TeamView[]> =>
  withMembership(ctx, await ctx.db.select().from(teams).where(eq(teams.accountId, ctx.account.id)).orderBy(asc(teams.name), asc(teams.id)));

export const showTeam = async (ctx: AccountCtx, id: number): Promise<TeamView> => one(ctx, await findTeam(ctx, id));

const ensureNameFree = async (ctx: AccountCtx, name: string, exceptId?: number) => {
  const [taken] = await ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.accountId, ctx.account.id),
        eq(sql`lower(${teams.name})`, name.toLowerCase()),
        exceptId ? ne(teams.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError("name", "has already been taken", "taken");
};

export const createTeam = async (ctx: AccountCtx, input: CreateTeamInput): Promise<TeamView> => {
  requireAdmin(ctx, "agents.manage");
  await ensureNameFree(ctx, input.name);
  const [team] = await ctx.db
    .insert(teams)
    .values({
      accountId: ctx.account.id,
      name: input.name,
      description: input.description ?? null,
      allowAutoAssign: input.allow_auto_assign,
    })
    .returning();
  return { ...team!, isMember: false };
};

export const updateTeam = async (ctx: AccountCtx, id: number, input: UpdateTeamInput): Promise<TeamView> => {
  requireAdmin(ctx, "agents.manage");
  await findTeam(ctx, id);
  if (input.name !== undefined) await ensureNameFree(ctx, input.name, id);
  const [team] = await ctx.db
    .update(teams)
    .set({ name: input.name, description: input.description, allowAutoAssign: input.allow_auto_assign, updatedAt: new Date() })
    .where(and(eq(teams.accountId, ctx.account.id), eq(teams.id, id)))
    .returning();
  return one(ctx, team!);
};

/** The team's conversations stay, with no team (the foreign key sets null). */
export const deleteTeam = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agents.manage");
  await findTeam(ctx, id);
  await ctx.db.delete(teams).where(and(eq(teams.accountId, ctx.account.id), eq(teams.id, id)));
};
