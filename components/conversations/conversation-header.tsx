"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ContactsIcon } from "@/components/ui/icons";
import { StatusMessage } from "@/components/ui/status-message";
import { withFilters } from "@/lib/conversations/inbox-filters";
import {
  assignAgentAction,
  assignTeamAction,
  setLabelsAction,
  setPriorityAction,
  setStatusAction,
} from "@/lib/portal/actions/conversations";
import type { ConversationDetails } from "@/lib/portal/loaders/conversations";
import { accountPath } from "@/lib/portal/paths";
import { fullTime, priorityLabels, snoozeTimes, statusLabels } from "./format";
import { useInbox } from "./inbox-context";
import { PresenceDot } from "./presence-dot";
import { useConversationAction } from "./use-conversation-action";
import { useInboxView } from "./use-inbox-view";

type StatusChange = { status: "open" | "resolved" | "snoozed"; snoozed_until?: string };

const statusTones = { open: "accent", pending: "warning", snoozed: "neutral", resolved: "success" } as const;

const selectClass =
  "h-8 max-w-full rounded-md border border-slate-300 bg-white pr-1 pl-2 text-sm text-slate-800 shadow-sm " +
  "focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600 disabled:opacity-60";

const Control = ({ id, label, children, className }: { id: string; label: string; children: ReactNode; className?: string }) => (
  <div className={cn("min-w-0", className)}>
    <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
      {label}
    </label>
    {children}
  </div>
);

/**
 * Who the conversation is with and what state it is in, with the controls agents use most:
 * status, assignee, team, priority and labels. Each change goes to its service at once.
 */
export const ConversationHeader = ({
  conversation,
  contactOpen,
  onToggleContact,
}: {
  conversation: ConversationDetails;
  contactOpen: boolean;
  onToggleContact: () => void;
}) => {
  const { accountId, agents, teams, labels, inboxes } = useInbox();
  const { filters } = useInboxView();
  const id = conversation.id;
  const ids = useId();

  const assign = useConversationAction(id, (assigneeId: number | null) => assignAgentAction(accountId, id, assigneeId));
  const team = useConversationAction(id, (teamId: number | null) => assignTeamAction(accountId, id, teamId));
  const priority = useConversationAction(id, (value: keyof typeof priorityLabels | null) => setPriorityAction(accountId, id, value));
  const setLabels = useConversationAction(id, (next: string[]) => setLabelsAction(accountId, id, next));
  const status = useConversationAction(id, (input: StatusChange) => setStatusAction(accountId, id, input));

  const assigneeId = conversation.meta.assignee_type === "User" ? (conversation.meta.assignee?.id ?? null) : null;
  const shownAssignee = assign.isPending ? assign.variables : assigneeId;
  const assignedAgent = agents.find((agent) => agent.id === shownAssignee);
  const shownTeam = team.isPending ? team.variables : (conversation.meta.team?.id ?? null);
  const shownPriority = priority.isPending ? priority.variables : conversation.priority;
  const shownLabels = setLabels.isPending ? setLabels.variables : conversation.labels;
  const labelColour = new Map(labels.map((label) => [label.title, label.color]));
  const addable = labels.filter((label) => !shownLabels.includes(label.title));
  const inbox = inboxes.find((item) => item.id === conversation.inbox_id);
  const error = [assign, team, priority, setLabels, status].find((mutation) => mutation.isError)?.error;
  const current = conversation.status;

  return (
    <header className="shrink-0 border-b border-slate-200 bg-white px-4 py-3">
      <Link
        href={withFilters(accountPath(accountId, "conversations"), filters)}
        className="mb-2 inline-block rounded text-sm text-slate-500 hover:text-slate-800 md:hidden"
      >
        <span aria-hidden="true">← </span>
        Conversations
      </Link>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="mr-auto min-w-0">
          <div className="flex items-center gap-2">
            <h2 id="conversation-heading" className="truncate text-base font-semibold text-slate-900">
              {conversation.meta.sender.name}
            </h2>
            <Badge tone={statusTones[current]}>{statusLabels[current]}</Badge>
          </div>
          <p className="mt-0.5 truncate text-xs text-slate-500">
            #{id}
            {inbox ? ` · ${inbox.name}` : ""}
            {current === "snoozed" && conversation.snoozed_until ? ` · until ${fullTime(conversation.snoozed_until)}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {current === "resolved" || current === "snoozed" ? (
            <Button size="sm" variant="secondary" disabled={status.isPending} onClick={() => status.mutate({ status: "open" })}>
              Reopen
            </Button>
          ) : null}
          {current === "pending" ? (
            <Button size="sm" variant="secondary" disabled={status.isPending} onClick={() => status.mutate({ status: "open" })}>
              Mark open
            </Button>
          ) : null}
          {current === "open" || current === "pending" ? (
            <SnoozeMenu disabled={status.isPending} onSnooze={(until) => status.mutate({ status: "snoozed", snoozed_until: until.toISOString() })} />
          ) : null}
          {current !== "resolved" ? (
            <Button size="sm" disabled={status.isPending} onClick={() => status.mutate({ status: "resolved" })}>
              Resolve
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            className="xl:hidden"
            aria-expanded={contactOpen}
            aria-controls="contact-panel"
            onClick={onToggleContact}
          >
            <ContactsIcon className="size-4" />
            Contact
          </Button>
        </div>
      </div>

      <div className="mt-3 flex flex-wrap gap-x-3 gap-y-2">
        <Control id={`${ids}-agent`} label="Agent">
          <div className="flex items-center gap-2">
            <select
              id={`${ids}-agent`}
              className={selectClass}
              value={shownAssignee ?? ""}
              onChange={(event) => assign.mutate(event.target.value === "" ? null : Number(event.target.value))}
            >
              <option value="">Unassigned</option>
              {agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.available_name}
                </option>
              ))}
            </select>
            {assignedAgent ? <PresenceDot userId={assignedAgent.id} name={assignedAgent.available_name} loaded={assignedAgent.availability_status} /> : null}
          </div>
        </Control>
        <Control id={`${ids}-team`} label="Team">
          <select
            id={`${ids}-team`}
            className={selectClass}
            value={shownTeam ?? ""}
            onChange={(event) => team.mutate(event.target.value === "" ? null : Number(event.target.value))}
          >
            <option value="">No team</option>
            {teams.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </Control>
        <Control id={`${ids}-priority`} label="Priority">
          <select
            id={`${ids}-priority`}
            className={selectClass}
            value={shownPriority ?? ""}
            onChange={(event) => priority.mutate(event.target.value === "" ? null : (event.target.value as keyof typeof priorityLabels))}
          >
            <option value="">None</option>
            {(Object.keys(priorityLabels) as (keyof typeof priorityLabels)[]).map((value) => (
              <option key={value} value={value}>
                {priorityLabels[value]}
              </option>
            ))}
          </select>
        </Control>
      </div>

      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        <span className="text-xs font-medium text-slate-500" id={`${ids}-labels`}>
          Labels
        </span>
        <ul aria-labelledby={`${ids}-labels`} className="contents">
          {shownLabels.map((label) => (
            <li key={label} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2 text-xs font-medium text-slate-700">
              <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: labelColour.get(label) ?? "#94a3b8" }} />
              {label}
              <button
                type="button"
                aria-label={`Remove label ${label}`}
                onClick={() => setLabels.mutate(shownLabels.filter((item) => item !== label))}
                className="rounded-full px-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        {addable.length > 0 ? (
          <>
            <label htmlFor={`${ids}-add-label`} className="sr-only">
              Add label
            </label>
            <select
              id={`${ids}-add-label`}
              value=""
              onChange={(event) => {
                if (event.target.value) setLabels.mutate([...shownLabels, event.target.value]);
              }}
              className="h-7 rounded-full border border-dashed border-slate-300 bg-white px-2 pr-6 text-xs text-slate-600 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
            >
              <option value="">+ Add label</option>
              {addable.map((label) => (
                <option key={label.id} value={label.title}>
                  {label.title}
                </option>
              ))}
            </select>
          </>
        ) : shownLabels.length === 0 ? (
          <span className="text-xs text-slate-400">No labels in this account yet</span>
        ) : null}
      </div>

      {error ? (
        <StatusMessage tone="error" className="mt-3">
          {error.message}
        </StatusMessage>
      ) : null}
    </header>
  );
};

/** "Snooze" opens a small menu: until tomorrow morning, or until next week. */
const SnoozeMenu = ({ disabled, onSnooze }: { disabled: boolean; onSnooze: (until: Date) => void }) => {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const firstItem = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItem.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const choose = (until: Date) => {
    setOpen(false);
    trigger.current?.focus();
    onSnooze(until);
  };
  const { tomorrow, nextWeek } = snoozeTimes();

  return (
    <div
      ref={wrapper}
      className="relative"
      onKeyDown={(event) => {
        if (!open) return;
        if (event.key === "Escape") {
          event.stopPropagation();
          setOpen(false);
          trigger.current?.focus();
        } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          const items = [...(wrapper.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
          const at = items.indexOf(document.activeElement as HTMLButtonElement);
          items[(at + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length]?.focus();
        }
      }}
    >
      <Button
        ref={trigger}
        size="sm"
        variant="secondary"
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        Snooze
      </Button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Snooze until"
          className="absolute right-0 z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button ref={firstItem} type="button" role="menuitem" onClick={() => choose(tomorrow)} className={menuItemClass}>
            Until tomorrow
            <span className="block text-xs text-slate-500">{fullTime(tomorrow.getTime() / 1000)}</span>
          </button>
          <button type="button" role="menuitem" onClick={() => choose(nextWeek)} className={menuItemClass}>
            Until next week
            <span className="block text-xs text-slate-500">{fullTime(nextWeek.getTime() / 1000)}</span>
          </button>
        </div>
      ) : null}
    </div>
  );
};

const menuItemClass = "block w-full px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-50 focus:bg-indigo-50 focus:outline-none";
