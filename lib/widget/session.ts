/**
 * The visitor's chat as the widget keeps it in localStorage on our origin (per website inbox):
 * the Client API session (source id and pubsub token), the conversation, and the newest message
 * the visitor has seen. A reload finds it there and continues the conversation.
 */
export type WidgetSession = { sourceId: string; pubsubToken: string; conversationId: number; seenId: number };

export const sessionKey = (websiteToken: string) => `venuedesk.chat.${websiteToken}`;

const text = (value: unknown) => (typeof value === "string" && value.length > 0 && value.length <= 255 ? value : null);
const id = (value: unknown) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** The stored session, or null when there is none or it is not one we wrote. */
export const readSession = (raw: string | null): WidgetSession | null => {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object") return null;
  const stored = data as Record<string, unknown>;
  const sourceId = text(stored.source_id);
  const pubsubToken = text(stored.pubsub_token);
  const conversationId = id(stored.conversation_id);
  if (!sourceId || !pubsubToken || !conversationId) return null;
  return { sourceId, pubsubToken, conversationId, seenId: id(stored.seen_id) ?? 0 };
};

export const writeSession = (session: WidgetSession) =>
  JSON.stringify({
    source_id: session.sourceId,
    pubsub_token: session.pubsubToken,
    conversation_id: session.conversationId,
    seen_id: session.seenId,
  });

/** The name a visitor's contact gets, so agents can tell two website visitors apart. */
export const visitorName = (random: () => number = Math.random) => `Website visitor ${1000 + Math.floor(random() * 9000)}`;
