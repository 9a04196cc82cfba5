/** A message as the chat window shows it: who wrote it (the visitor or the venue) and what. */
export type WidgetMessage = {
  id: number;
  content: string;
  from: "visitor" | "venue";
  /** The agent's name, or the venue's when the inbox answers as the business; null for the visitor. */
  author: string | null;
  /** Unix time, seconds. */
  createdAt: number;
  attachments: number;
};

/** The Client API's public message (lib/client-api/present.ts): every scalar a string. */
export type PublicMessage = {
  id: string;
  content: string;
  message_type: string;
  created_at: string;
  attachments: unknown[];
  sender?: { name: string; type: string; [key: string]: unknown };
};

const INCOMING = "0";

const senderName = (sender: PublicMessage["sender"]) => {
  const available = sender?.available_name;
  return (typeof available === "string" && available.trim()) || sender?.name?.trim() || null;
};

/**
 * `venueName` answers for every reply when the inbox speaks as the business (sender_name_type
 * "professional"), and for a reply whose agent has no name.
 */
export const toWidgetMessage = (message: PublicMessage, { venueName, professional }: { venueName: string; professional: boolean }): WidgetMessage => {
  const visitor = message.message_type === INCOMING;
  return {
    id: Number(message.id),
    content: message.content,
    from: visitor ? "visitor" : "venue",
    author: visitor ? null : professional ? venueName : (senderName(message.sender) ?? venueName),
    createdAt: Number(message.created_at),
    attachments: message.attachments.length,
  };
};

/** Every message once (the newer copy wins), oldest first. */
export const mergeMessages = (...lists: readonly (readonly WidgetMessage[])[]): WidgetMessage[] => {
  const byId = new Map<number, WidgetMessage>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/** The venue's replies newer than what the visitor has seen. */
export const unreadReplies = (messages: readonly WidgetMessage[], seenId: number) =>
  messages.filter((message) => message.from === "venue" && message.id > seenId).length;

export const newestId = (messages: readonly WidgetMessage[]) => messages.reduce((max, message) => Math.max(max, message.id), 0);

/** How many messages one page of the Client API's list holds: a full page means there may be earlier ones. */
export const messagePageSize = 20;

/** What the visitor has just sent, until it is stored: its text and the newest message id when it was sent. */
export type PendingMessage = { content: string; after: number };

/**
 * Whether the "Sending…" copy still shows: until the stored message arrives, by the send's answer
 * or by a poll that landed first, so the visitor never sees it twice.
 */
export const stillSending = (pending: PendingMessage | null, messages: readonly WidgetMessage[]) =>
  pending !== null && !messages.some((message) => message.from === "visitor" && message.id > pending.after && message.content === pending.content);
