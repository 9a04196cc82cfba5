/**
 * Who may do what inside an account. Pure: no I/O, so every door (API, portal, MCP) asks
 * the same questions and gets the same answers.
 */
export const roles = ["agent", "administrator"] as const;
export type Role = (typeof roles)[number];

/** Chatwoot's custom-role permission names, plus ours for planning and quotes. */
export const permissions = [
  "conversation_manage",
  "conversation_unassigned_manage",
  "conversation_participating_manage",
  "contact_manage",
  "report_manage",
  "knowledge_base_manage",
  "planning_manage",
  "quote_manage",
] as const;
export type Permission = (typeof permissions)[number];

export type Membership = { role: Role; permissions: readonly string[] };

export const isAdministrator = (membership: Membership) => membership.role === "administrator";

/** Administrators hold every permission; agents hold the ones listed on their membership. */
export const hasPermission = (membership: Membership, permission: Permission) =>
  isAdministrator(membership) || membership.permissions.includes(permission);

export const effectivePermissions = (membership: Membership): Permission[] =>
  permissions.filter((permission) => hasPermission(membership, permission));

/**
 * Actions reserved to administrators, with the status a refusal gets. The statuses are
 * INTERFACE.md's: account update answers 401 (as Chatwoot's policy error does), agents and
 * canned responses answer 403.
 */
export const adminActions = {
  "account.update": "unauthorized",
  "agents.manage": "forbidden",
  "agent_bots.manage": "unauthorized",
  "canned_responses.manage": "forbidden",
  /** Account webhooks and the delivery logs of webhooks, bots and inboxes (Chatwoot's webhook policy: 401). */
  "webhooks.manage": "unauthorized",
  /** The account's reporting events (Chatwoot's check_admin_authorization: 401). */
  "reporting_events.read": "unauthorized",
} as const;
export type AdminAction = keyof typeof adminActions;

export type Decision = { allowed: true } | { allowed: false; code: "unauthorized" | "forbidden"; message: string };

export const decide = (membership: Membership | null, action: AdminAction): Decision => {
  if (membership && isAdministrator(membership)) return { allowed: true };
  return { allowed: false, code: adminActions[action], message: "You are not authorized to do this action" };
};

/** Permission-gated actions (later capabilities): 403 when the member lacks the permission. */
export const decidePermission = (membership: Membership | null, permission: Permission): Decision =>
  membership && hasPermission(membership, permission)
    ? { allowed: true }
    : { allowed: false, code: "forbidden", message: `This action needs the ${permission} permission` };
