"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { BookIcon, CalendarIcon, ChartIcon, ChatIcon, ContactsIcon, QuoteIcon, SettingsIcon } from "@/components/ui/icons";
import { accountPath } from "@/lib/portal/paths";
// Issue 14: the help center's management pages.

const sections = [
  { segment: "conversations", label: "Conversations", Icon: ChatIcon },
  { segment: "contacts", label: "Contacts", Icon: ContactsIcon },
  { segment: "planning", label: "Planning", Icon: CalendarIcon },
  { segment: "quotes", label: "Quotes", Icon: QuoteIcon },
  { segment: "help-center", label: "Help center", Icon: BookIcon },
  { segment: "reports", label: "Reports", Icon: ChartIcon },
  { segment: "settings", label: "Settings", Icon: SettingsIcon },
] as const;

export const SidebarNav = ({ accountId }: { accountId: number }) => {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="px-3">
      <ul className="space-y-0.5 pb-3 md:pb-0">
        {sections.map(({ segment, label, Icon }) => {
          const href = accountPath(accountId, segment);
          const current = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={segment}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  current ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )}
              >
                <Icon className={cn("size-5 shrink-0", current ? "text-indigo-600" : "text-slate-400")} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
