import { foregroundOn, widgetColor } from "./colors";
import { withinWorkingHours, type WorkingDay } from "./hours";

/** What the chat window shows about its inbox; nothing else of the inbox reaches the visitor. */
export type WidgetSettings = {
  title: string;
  subtitle: string;
  color: string;
  foreground: string;
  /** The greeting shown before the visitor writes; null when the inbox has none. */
  greeting: string | null;
  /** Said while the inbox is outside its working hours; null inside them (or without them). */
  away: string | null;
  venueName: string;
  /** The inbox answers as the business: replies carry the venue's name, not the agent's. */
  professional: boolean;
};

/** The inbox fields the chat reads (a row of `inboxes`, with its schedule made whole). */
export type WidgetInbox = {
  name: string;
  channelConfig: Record<string, unknown>;
  greetingEnabled: boolean;
  greetingMessage: string | null;
  workingHoursEnabled: boolean;
  schedule: readonly WorkingDay[];
  timezone: string;
  outOfOfficeMessage: string | null;
  senderNameType: string;
  businessName: string | null;
};

const replyTimes: Record<string, string> = {
  in_a_few_minutes: "We usually reply in a few minutes",
  in_a_few_hours: "We usually reply in a few hours",
  in_a_day: "We usually reply within a day",
};

const defaultAway = "We're away right now. Leave a message and we'll reply when we're back.";

const filled = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

export const widgetSettings = (inbox: WidgetInbox, now: Date): WidgetSettings => {
  const config = inbox.channelConfig;
  const color = widgetColor(config.widget_color);
  const venueName = filled(inbox.businessName) ?? inbox.name;
  const replyTime = typeof config.reply_time === "string" ? replyTimes[config.reply_time] : undefined;
  const away = inbox.workingHoursEnabled && !withinWorkingHours(inbox.schedule, inbox.timezone, now);
  return {
    title: filled(config.welcome_title) ?? inbox.name,
    subtitle: filled(config.welcome_tagline) ?? replyTime ?? replyTimes.in_a_few_minutes!,
    color,
    foreground: foregroundOn(color),
    greeting: inbox.greetingEnabled ? filled(inbox.greetingMessage) : null,
    away: away ? (filled(inbox.outOfOfficeMessage) ?? defaultAway) : null,
    venueName,
    professional: inbox.senderNameType === "professional",
  };
};
