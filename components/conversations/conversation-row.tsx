"use client";

import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { highlightParts } from "@/lib/conversations/search-text";
import type { ConversationDetails, ConversationListPage } from "@/lib/portal/loaders/conversations";
import { accountPath } from "@/lib/portal/paths";
import { fullTime, initials, isoTime, shortAgo, statusLabels } from "./format";
import { useInbox } from "./inbox-context";
import { PresenceDot } from "./presence-dot";
import { PriorityMarker } from "./priority-marker";

type Conversation = ConversationDetails;
type Match = ConversationListPage["matches"][number];

/** `text` with the parts matching the search marked. */
const Highlighted = ({ text, q }: { text: string; q: string | undefined }) =>
  highlightParts(text, q).map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-amber-100 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );

/** The first article an `article` message sends (it may carry no text of its own). */
const articleTitle = (message: { content_type?: string; content_attributes?: unknown }) => {
  if (message.content_type !== "article") return null;
  const items = (message.content_attributes as { items?: { title?: unknown }[] } | null)?.items;
  return typeof items?.[0]?.title === "string" ? items[0].title : null;
};

/** One line of what was said last: who said it when it was us, and the text on one line. */
const preview = (conversation: Conversation, userId: number | null) => {
  const message = conversation.last_non_activity_message;
  if (!message) return "No messages yet";
  const text = message.content?.trim() || (message.attachments?.length ? "Attachment" : articleTitle(message) ? `Article: ${articleTitle(message)}` : "");
  if (message.private) return `Note: ${text}`;
  if (message.message_type === 1) {
    const mine = message.sender_type === "User" && message.sender_id === userId;
    const name = message.sender && "available_name" in message.sender ? message.sender.available_name : message.sender?.name;
    return `${mine ? "You" : (name ?? "Agent")}: ${text}`;
  }
  return text;
};

/**
 * One conversation in the list: who, when, what was said last (or, in a search, the message that
 * matched), labels and assignee. The link keeps the list's view in the URL.
 */
export const ConversationRow = ({
  conversation,
  selected,
  showStatus,
  search,
  q,
  match,
}: {
  conversation: Conversation;
  selected: boolean;
  showStatus: boolean;
  search: string;
  q?: string;
  match?: Match;
}) => {
  const { accountId, userId } = useInbox();
  const contact = conversation.meta.sender;
  const assignee = conversation.meta.assignee;
  const assigneeName = assignee ? ("available_name" in assignee ? assignee.available_name : assignee.name) : null;
  const assignedAgent = assignee && "availability_status" in assignee ? assignee : null;
  const unread = conversation.unread_count;
  const path = accountPath(accountId, "conversations", conversation.id);
  return (
    <li>
      <Link
        href={search ? `${path}?${search}` : path}
        prefetch={false}
        aria-current={selected ? "page" : undefined}
        className={cn(
          "relative block px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600",
          selected ? "bg-indigo-50/70" : "hover:bg-slate-50",
        )}
      >
        <div className="flex items-center gap-2">
          <span className={cn("min-w-0 truncate text-sm text-slate-900", unread > 0 ? "font-semibold" : "font-medium")}>
            <Highlighted text={contact.name} q={q} />
          </span>
          {conversation.priority ? <PriorityMarker priority={conversation.priority} /> : null}
          {showStatus ? (
            <span className="shrink-0 rounded bg-slate-100 px-1.5 text-xs text-slate-600">{statusLabels[conversation.status]}</span>
          ) : null}
          <time
            dateTime={isoTime(conversation.last_activity_at)}
            title={fullTime(conversation.last_activity_at)}
            suppressHydrationWarning
            className="ml-auto shrink-0 text-xs text-slate-500"
          >
            {shortAgo(conversation.last_activity_at)}
          </time>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          {match ? (
            <p className="line-clamp-2 min-w-0 flex-1 text-sm break-words text-slate-700">
              {match.private ? "Note: " : ""}
              <Highlighted text={match.excerpt} q={q} />
            </p>
          ) : (
            <p className={cn("min-w-0 flex-1 truncate text-sm", unread > 0 ? "text-slate-800" : "text-slate-500")}>{preview(conversation, userId)}</p>
          )}
          {unread > 0 ? (
            <span className="shrink-0 rounded-full bg-indigo-600 px-1.5 py-px text-xs font-semibold text-white tabular-nums">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </div>
        {conversation.labels.length > 0 || assigneeName ? (
          <div className="mt-1.5 flex items-center gap-1.5">
            <div className="flex min-w-0 flex-1 flex-wrap gap-1">
              {conversation.labels.map((label) => (
                <span key={label} className="rounded bg-slate-100 px-1.5 py-px text-[11px] font-medium text-slate-600">
                  {label}
                </span>
              ))}
            </div>
            {assigneeName ? (
              <span
                title={`Assigned to ${assigneeName}`}
                className="relative flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold text-slate-700"
              >
                <span aria-hidden="true">{initials(assigneeName)}</span>
                <span className="sr-only">Assigned to {assigneeName}</span>
                {assignedAgent ? (
                  <PresenceDot
                    userId={assignedAgent.id}
                    name={assigneeName}
                    loaded={assignedAgent.availability_status}
                    className="absolute -right-0.5 -bottom-0.5 size-2"
                  />
                ) : null}
              </span>
            ) : null}
          </div>
        ) : null}
      </Link>
    </li>
  );
};
