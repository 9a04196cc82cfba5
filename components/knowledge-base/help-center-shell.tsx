import Link from "next/link";
import type { ReactNode } from "react";
import { languageName } from "@/lib/format/language";
import { signedLogoPath } from "@/lib/knowledge-base/logo";
import type { Portal } from "@/lib/knowledge-base/lookup";
import { publicLocales } from "@/lib/knowledge-base/public";

/*
 * The public help center's frame: the portal's colour band with its logo, name and header text, a
 * locale switch when it publishes several, and a footer back to the venue's own site.
 */

/** The portal's colour when it is one (a stored value is free text in Chatwoot's API), else ours. */
export const portalColor = (portal: Portal) => (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(portal.color) ? portal.color : "#1f93ff");

/** An http(s) link only: a homepage link is the portal owner's text. */
const safeLink = (href: string | null) => (href && /^https?:\/\//i.test(href) ? href : null);

export const HelpCenterShell = ({
  portal,
  locale,
  hero,
  children,
  localeLinks,
}: {
  portal: Portal;
  locale: string;
  hero?: ReactNode;
  children: ReactNode;
  /** Where each other locale's version of this page is; the home page of the locale by default. */
  localeLinks?: { locale: string; href: string }[];
}) => {
  const home = `/hc/${portal.slug}/${locale}`;
  const others = localeLinks ?? publicLocales(portal).filter((code) => code !== locale).map((code) => ({ locale: code, href: `/hc/${portal.slug}/${code}` }));
  const homepage = safeLink(portal.homepageLink);
  return (
    <div lang={locale.replace("_", "-")} className="flex min-h-screen flex-col bg-white">
      <header className="text-white" style={{ backgroundColor: portalColor(portal) }}>
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <Link href={home} className="flex min-w-0 items-center gap-3 text-lg font-semibold tracking-tight">
            {portal.logoStorageKey ? (
              // eslint-disable-next-line @next/next/no-img-element -- a signed link to the stored file, not a static asset
              <img src={signedLogoPath(portal.id)} alt="" className="size-9 shrink-0 rounded-md bg-white object-contain p-0.5" />
            ) : null}
            <span className="min-w-0 break-words">{portal.pageTitle ?? portal.name}</span>
          </Link>
          <nav aria-label="Languages" className="flex flex-wrap gap-2 text-sm">
            {others.map((other) => (
              <Link key={other.locale} href={other.href} hrefLang={other.locale} className="rounded border border-white/40 px-2 py-0.5 hover:bg-white/10">
                {languageName(other.locale)}
              </Link>
            ))}
            {homepage ? (
              <a href={homepage} rel="noopener" className="rounded border border-white/40 px-2 py-0.5 hover:bg-white/10">
                Website
              </a>
            ) : null}
          </nav>
        </div>
        {hero ? <div className="mx-auto max-w-4xl px-4 pb-8 pt-2">{hero}</div> : null}
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8">{children}</main>
      <footer className="border-t border-slate-200 py-6 text-center text-xs text-slate-500">
        {portal.name} · Help center powered by Venuedesk
      </footer>
    </div>
  );
};

export const ArticleLink = ({ portal, article }: { portal: Portal; article: { slug: string; title: string; description: string | null } }) => (
  <Link href={`/hc/${portal.slug}/articles/${article.slug}`} className="block rounded-md px-3 py-2 hover:bg-slate-50">
    <span className="font-medium text-slate-900">{article.title}</span>
    {article.description ? <span className="mt-0.5 block text-sm text-slate-600">{article.description}</span> : null}
  </Link>
);
