import type { Account } from "@/lib/auth/caller";

export const presentAccount = (account: Account) => ({
  id: account.id,
  name: account.name,
  locale: account.locale,
  domain: account.domain,
  support_email: account.supportEmail,
  status: account.status,
  created_at: account.createdAt.toISOString(),
  features: account.features,
  settings: account.settings,
  custom_attributes: account.customAttributes,
  cache_keys: {},
});
