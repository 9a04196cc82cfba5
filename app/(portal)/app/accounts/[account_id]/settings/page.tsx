import type { Metadata } from "next";
import Link from "next/link";
import type { ComponentType, SVGProps } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { BotIcon, BuildingIcon, CannedIcon, ContactsIcon, InboxIcon, KeyIcon, QuoteIcon, SparkleIcon, TagIcon, TeamIcon, WebhookIcon } from "@/components/ui/icons";
import { pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Settings · Venuedesk" };

const pages: { segment: string; title: string; description: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { segment: "account", title: "Account", description: "Name, language, support email and time zone.", Icon: BuildingIcon },
  { segment: "agents", title: "Agents", description: "The people who work in this account, and their roles.", Icon: ContactsIcon },
  { segment: "inboxes", title: "Inboxes", description: "The channels guests write in through, and who answers them.", Icon: InboxIcon },
  { segment: "teams", title: "Teams", description: "Groups of agents a conversation can be handed to.", Icon: TeamIcon },
  { segment: "labels", title: "Labels", description: "Coloured tags for conversations and contacts.", Icon: TagIcon },
  { segment: "agent-bots", title: "Agent bots", description: "Automated agents that answer conversations through the API.", Icon: BotIcon },
  { segment: "canned-responses", title: "Canned responses", description: "Saved replies inserted with a short code.", Icon: CannedIcon },
  { segment: "pricing", title: "Pricing", description: "Rates, pricing plans and discount codes that price your quotes.", Icon: QuoteIcon },
  { segment: "webhooks", title: "Webhooks", description: "Conversation, contact, planning and quote events sent to your own programs.", Icon: WebhookIcon },
  { segment: "integrations", title: "Integrations", description: "OAuth applications for your own programs, and the apps you authorized.", Icon: KeyIcon },
  { segment: "ai-assistant", title: "Connect an AI assistant", description: "Use Claude, Cursor or VS Code in this account through MCP.", Icon: SparkleIcon },
];

export default async function SettingsPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  return (
    <>
      <PageHeader title="Settings" description={`How ${ctx.account.name} works in Venuedesk.`} />
      <ul className="grid gap-4 sm:grid-cols-2">
        {pages.map(({ segment, title, description, Icon }) => (
          <li key={segment}>
            <Link
              href={settingsPath(ctx.account.id, segment)}
              className="flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-indigo-300 hover:bg-indigo-50/30"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-indigo-50 text-indigo-600">
                <Icon className="size-5" />
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900">{title}</span>
                <span className="mt-1 block text-sm text-slate-500">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
