"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Badge } from "@/components/ui/badge";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormAction } from "@/lib/portal/form-state";
import { FormMessage } from "./form-message";

export type MemberOption = { id: number; name: string; email: string; role: string };

/**
 * Picks the agents of an inbox or a team from the account's agents and saves the whole set
 * at once (the members service replaces them). Used by the inbox and the team pages.
 */
export const MembersForm = ({
  action,
  agents,
  members,
  legend,
}: {
  action: FormAction;
  agents: MemberOption[];
  members: number[];
  legend: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  const chosen = new Set(members);
  return (
    <form action={formAction} className="space-y-4">
      <FormMessage state={state} />
      <fieldset aria-describedby={state.errors.user_ids ? "members-error" : undefined}>
        <legend className="sr-only">{legend}</legend>
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {agents.map((agent) => {
            const id = `member-${agent.id}`;
            return (
              <li key={agent.id} className="flex items-center gap-3 px-4 py-2.5">
                <input
                  id={id}
                  type="checkbox"
                  name="user_ids"
                  value={agent.id}
                  defaultChecked={chosen.has(agent.id)}
                  className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                />
                <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                  <span className="block font-medium text-slate-900">{agent.name}</span>
                  <span className="block truncate text-slate-500">{agent.email}</span>
                </label>
                {agent.role === "administrator" ? <Badge tone="accent">Administrator</Badge> : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
      {state.errors.user_ids ? (
        <p id="members-error" className="text-sm text-red-700">
          {state.errors.user_ids}
        </p>
      ) : null}
      <SubmitButton variant="secondary" pendingLabel="Saving…">
        Save members
      </SubmitButton>
    </form>
  );
};
