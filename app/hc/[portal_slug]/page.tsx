import { notFound, redirect } from "next/navigation";
import { findPublicPortal } from "@/lib/knowledge-base/public";

/** GET /hc/{portal_slug}: the portal's default locale, as Chatwoot's. */
export default async function HelpCenterRoot({ params }: { params: Promise<{ portal_slug: string }> }) {
  const portal = await findPublicPortal((await params).portal_slug);
  if (!portal) notFound();
  redirect(`/hc/${portal.slug}/${portal.config.default_locale}`);
}
