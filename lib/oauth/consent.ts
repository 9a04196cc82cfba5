import type { Scope } from "./scopes";

/*
 * What the consent page says about a request, in plain words. Pure: the page and its tests read
 * the same sentences.
 */

export const scopeWording: Record<Scope, { title: string; detail: string }> = {
  profile: { title: "See your profile", detail: "Your name, display name and email address. Never your password or personal access token." },
  accounts: { title: "See your accounts", detail: "Which Venuedesk accounts you belong to, and your role in each." },
  read: { title: "Read the account's data", detail: "Conversations, contacts, spaces, events, bookings and quotes you can see." },
  write: { title: "Make changes in the account", detail: "Reply to conversations, edit contacts, book spaces and prepare quotes, as you could yourself." },
};

/** The host a URL names, for showing where a user is sent ("claude.ai", "127.0.0.1:33418"). */
export const hostOf = (url: string | null | undefined) => {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};
