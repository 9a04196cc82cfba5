import { z } from "zod";
import type { PortalConfig } from "@/db/schema";
import { fieldError } from "@/lib/http/errors";
import { ZBodyId, ZBool, ZName, ZUrl } from "@/lib/http/schemas";
import { ZInbox } from "@/lib/inboxes/schemas";
import { ZSlug } from "./slugs";

/** A help-center locale: `en`, `pt_BR`, `zh-Hans`. */
export const localePattern = /^[a-z]{2,3}([_-][A-Za-z]{2,4})?$/;
export const ZLocale = z.string().trim().regex(localePattern, { message: "is not a locale code (e.g. en, pt_BR)" });
export const maxPortalLocales = 50;

export const defaultPortalColor = "#1f93ff";
export const defaultPortalConfig: PortalConfig = { allowed_locales: ["en"], default_locale: "en", draft_locales: [] };

/** Blank entries are dropped, as Chatwoot drops them. */
const ZLocaleList = z.array(z.union([z.literal(""), ZLocale])).max(maxPortalLocales, { message: `at most ${maxPortalLocales} locales` });

/** Chatwoot's permitted config keys; others are dropped, as its strong parameters drop them. */
export const ZPortalConfigInput = z
  .object({ allowed_locales: ZLocaleList.optional(), default_locale: ZLocale.optional(), draft_locales: ZLocaleList.optional() })
  .meta({ id: "PortalConfigInput" });
export type PortalConfigInput = z.output<typeof ZPortalConfigInput>;

/**
 * The stored config after a create (`stored` null) or an update, as Chatwoot's
 * `config_json_format`, with the incoming keys merged over the stored ones (as 4.15 does):
 * - allowed_locales: blanks and duplicates dropped; none left is `[default_locale ?? "en"]`;
 * - default_locale: the given one (which must be allowed), else the stored one while it is still
 *   allowed, else the first allowed;
 * - draft_locales: only allowed ones; the default locale cannot be drafted.
 */
export const normalizePortalConfig = (stored: PortalConfig | null, incoming: PortalConfigInput = {}): PortalConfig => {
  const unique = (codes: string[]) => [...new Set(codes.filter((code) => code !== ""))];
  const given = incoming.allowed_locales ?? (stored ? stored.allowed_locales : []);
  const allowed = unique(given);
  if (allowed.length === 0) allowed.push(incoming.default_locale ?? stored?.default_locale ?? "en");
  if (incoming.default_locale !== undefined && !allowed.includes(incoming.default_locale)) {
    throw fieldError("config.default_locale", "must be one of the allowed locales");
  }
  const kept = stored && allowed.includes(stored.default_locale) ? stored.default_locale : allowed[0]!;
  const defaultLocale = incoming.default_locale ?? kept;
  const drafts = unique(incoming.draft_locales ?? stored?.draft_locales ?? []).filter((code) => allowed.includes(code));
  if (drafts.includes(defaultLocale)) throw fieldError("config.draft_locales", "cannot include the default locale");
  return { allowed_locales: allowed, default_locale: defaultLocale, draft_locales: drafts };
};

const hostPattern = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** A custom domain as a host name: a pasted URL is reduced to its host (as Chatwoot's create does); blank is none. */
export const normalizeCustomDomain = (value: string): string | null => {
  const text = value.trim().toLowerCase();
  if (text === "") return null;
  let host = text;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) {
    try {
      host = new URL(text).hostname;
    } catch {
      return text;
    }
  }
  return host.replace(/\.$/, "");
};

const ZCustomDomain = z
  .string()
  .max(253)
  .transform(normalizeCustomDomain)
  .refine((host) => host === null || hostPattern.test(host), { message: "must be a host name such as help.example.com" });

/** `""` and null clear an optional link, as Chatwoot's normalisation does. */
const blankIsNull = <S extends z.ZodType>(schema: S) => z.union([z.literal("").transform(() => null), schema]).nullable();

const ZColor = blankIsNull(z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { message: "must be a hex color such as #1f93ff" }));

const portalFields = {
  name: ZName,
  slug: ZSlug,
  color: ZColor.optional().meta({ description: "Blank is the default, #1f93ff" }),
  custom_domain: z.union([ZCustomDomain, z.null()]).optional().meta({ description: "Unique across the installation; a URL is reduced to its host" }),
  header_text: z.string().max(1000).nullable().optional(),
  homepage_link: blankIsNull(ZUrl).optional(),
  page_title: z.string().max(255).nullable().optional(),
  archived: ZBool.optional(),
  config: ZPortalConfigInput.optional(),
  inbox_id: blankIsNull(ZBodyId)
    .optional()
    .meta({ description: "The account's web widget inbox whose chat the public pages embed; blank or null unlinks it" }),
};

export const ZPortalInput = z.object(portalFields).meta({ id: "PortalInput" });
export type PortalInput = z.output<typeof ZPortalInput>;
export const ZPortalPatch = z.object(portalFields).partial().meta({ id: "PortalPatch" });
export type PortalPatch = z.output<typeof ZPortalPatch>;

export const ZPortalShowQuery = z.object({ locale: ZLocale.optional().meta({ description: "Counts only the articles of this locale" }) });

/** Raster images browsers show in an <img>: the logo is served inline, so nothing scriptable (SVG) is taken. */
export const logoContentTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;

export const ZPortalLogoParams = z.object({ portal_id: z.coerce.number().int().positive().max(2_147_483_647) });
export const ZSignedQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) });

const ZLocaleSummary = z
  .object({ code: z.string(), articles_count: z.int(), categories_count: z.int(), draft: z.boolean() })
  .meta({ id: "PortalLocale" });

export const ZPortalLogo = z
  .object({
    id: z.int().meta({ description: "The portal's id (one logo per portal)" }),
    portal_id: z.int(),
    file_type: z.string(),
    account_id: z.int(),
    file_url: z.string().meta({ description: "A signed link, valid 24 hours" }),
    blob_id: z.null().meta({ description: "Always null: logos are uploaded to POST …/logo, not attached by blob" }),
    filename: z.string(),
  })
  .meta({ id: "PortalLogo" });

export const ZPortal = z
  .object({
    id: z.int(),
    color: z.string(),
    custom_domain: z.string().nullable(),
    header_text: z.string().nullable(),
    homepage_link: z.string().nullable(),
    name: z.string(),
    page_title: z.string().nullable(),
    slug: z.string(),
    archived: z.boolean(),
    account_id: z.int(),
    config: z.object({ allowed_locales: z.array(ZLocaleSummary), default_locale: z.string() }),
    inbox: ZInbox.optional().meta({ description: "The linked web widget inbox; absent when none" }),
    logo: ZPortalLogo.optional(),
    meta: z.object({
      all_articles_count: z.int(),
      archived_articles_count: z.int().nullable(),
      published_count: z.int().nullable(),
      draft_articles_count: z.int().nullable(),
      mine_articles_count: z.int().optional().meta({ description: "Show only, and only when the selection has articles" }),
      categories_count: z.int(),
      default_locale: z.string(),
    }),
  })
  .meta({ id: "Portal" });

export const ZPortalList = z.object({ payload: z.array(ZPortal), meta: z.object({ current_page: z.int(), portals_count: z.int() }) });
export const ZPortalListQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional().meta({ description: "Echoed back; the list is not paged" }) });
