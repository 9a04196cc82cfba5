/** Portal URLs, built in one place so links, redirects and revalidation agree. */
export const accountPath = (accountId: number | string, ...segments: (string | number)[]) =>
  ["/app/accounts", accountId, ...segments].join("/");

export const settingsPath = (accountId: number | string, ...segments: (string | number)[]) =>
  accountPath(accountId, "settings", ...segments);

export const pricingPath = (accountId: number | string, ...segments: (string | number)[]) => settingsPath(accountId, "pricing", ...segments);

/** Confirmation shown on a list page after a redirect from a form (`?notice=created`). */
export const notices = ["created", "updated", "deleted"] as const;
export type Notice = (typeof notices)[number];

export const readNotice = (value: string | string[] | undefined): Notice | null =>
  notices.find((notice) => notice === value) ?? null;

export const withNotice = (path: string, notice: Notice) => `${path}?notice=${notice}`;
