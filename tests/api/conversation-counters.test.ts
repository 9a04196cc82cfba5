import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { api } from "../helpers/app";
import { joinInbox, makeMember, makeTeam } from "../helpers/factories";

// The list's counts come from counters kept by triggers; these tests move conversations every
// way the product can and check the counters against a count of the rows after each move.

let team: Awaited<ReturnType<typeof makeTeam>>;
let base: string;
let accountId: number;
let inboxIds: number[];
let teamIds: number[];
let second: Awaited<ReturnType<typeof makeMember>>;
const conversationIds: number[] = [];

/** Rows where counters and conversations disagree (either way), for this account. */
const drift = async () =>
  getDb().execute(sql`
    with actual as (
      select status, inbox_id, coalesce(team_id, 0) as team_id, coalesce(assignee_id, 0) as assignee_id, count(*)::int as n
      from conversations where account_id = ${accountId} group by 1, 2, 3, 4),
    kept as (
      select status, inbox_id, team_id, assignee_id, conversations_count as n
      from conversation_counters where account_id = ${accountId} and conversations_count <> 0)
    (select * from actual except select * from kept) union all (select * from kept except select * from actual)`);

const meta = async (query: string, token = team.admin.token) => (await api.get(`${base}/conversations/meta?${query}`, { token })).body.meta;

beforeAll(async () => {
  team = await makeTeam();
  accountId = team.account.id;
  base = `/api/v1/accounts/${accountId}`;
  second = await makeMember(accountId, "agent");
  inboxIds = [];
  for (const name of ["Front desk", "Events"]) {
    const inbox = await api.post(`${base}/inboxes`, { token: team.admin.token, body: { name, channel: { type: "api" } } });
    inboxIds.push(inbox.body.id);
  }
  await joinInbox(accountId, inboxIds[0]!);
  teamIds = [];
  for (const name of ["sales", "support"]) teamIds.push((await api.post(`${base}/teams`, { token: team.admin.token, body: { name } })).body.id);
  const [contact] = await getDb().insert(contacts).values({ accountId, name: "Guest" }).returning();
  for (let i = 0; i < 12; i++) {
    const created = await api.post(`${base}/conversations`, {
      token: team.admin.token,
      body: { inbox_id: inboxIds[i % 2], contact_id: contact!.id, status: i % 3 === 0 ? "pending" : "open" },
    });
    expect(created.status).toBe(200);
    conversationIds.push(created.body.id);
  }
});

describe("conversation counts kept by triggers", () => {
  it("count new conversations by status, inbox and visibility", async () => {
    expect(await drift()).toHaveLength(0);
    expect(await meta("status=open")).toEqual({ mine_count: 0, assigned_count: 0, unassigned_count: 8, all_count: 8 });
    expect((await meta("status=all")).all_count).toBe(12);
    expect((await meta("status=pending")).all_count).toBe(4);
    expect((await meta(`status=open&inbox_id=${inboxIds[0]}`)).all_count).toBe(4);
    // The agent belongs to the first inbox only.
    expect((await meta("status=all", team.agent.token)).all_count).toBe(6);
  });

  it("follow assignments to agents and teams, status changes and unassignment", async () => {
    // The second agent belongs to the first inbox: d is one of its conversations.
    const [a, b, d, c] = conversationIds;
    const assign = async (id: number, body: object) =>
      expect((await api.post(`${base}/conversations/${id}/assignments`, { token: team.admin.token, body })).status).toBe(200);
    await assign(a!, { assignee_id: team.agent.user.id });
    await assign(b!, { assignee_id: team.admin.user.id });
    await assign(c!, { team_id: teamIds[0] });
    await assign(d!, { assignee_id: second.user.id });
    await api.post(`${base}/conversations/${d}/toggle_status`, { token: team.admin.token, body: { status: "resolved" } });
    expect(await drift()).toHaveLength(0);
    expect(await meta("status=all")).toEqual({ mine_count: 1, assigned_count: 3, unassigned_count: 9, all_count: 12 });
    expect((await meta(`status=all&team_id=${teamIds[0]}`)).all_count).toBe(1);
    expect((await meta("status=resolved")).all_count).toBe(1);
    expect((await meta("status=all", team.agent.token)).mine_count).toBe(1);
    await assign(a!, { assignee_id: null });
    expect(await drift()).toHaveLength(0);
    expect((await meta("status=all", team.agent.token)).mine_count).toBe(0);
  });

  it("agree with a count of the rows when a label narrows the list", async () => {
    await api.post(`${base}/conversations/${conversationIds[4]}/labels`, { token: team.admin.token, body: { labels: ["vip"] } });
    expect(await meta("status=all&labels[]=vip")).toEqual({ mine_count: 0, assigned_count: 0, unassigned_count: 1, all_count: 1 });
  });

  it("follow bulk changes: a team deleted, an agent removed (their conversations unassigned), an inbox deleted", async () => {
    expect((await api.delete(`${base}/teams/${teamIds[0]}`, { token: team.admin.token })).status).toBe(200);
    expect((await api.delete(`${base}/agents/${second.user.id}`, { token: team.admin.token })).status).toBe(200);
    expect(await drift()).toHaveLength(0);
    expect((await meta(`status=all&team_id=${teamIds[0]}`)).all_count).toBe(0);
    expect((await meta("status=all")).assigned_count).toBe(1);
    expect((await api.delete(`${base}/inboxes/${inboxIds[1]}`, { token: team.admin.token })).status).toBe(200);
    expect(await drift()).toHaveLength(0);
    expect((await meta("status=all")).all_count).toBe(6);
  });
});
