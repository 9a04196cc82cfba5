import Link from "next/link";
import { UserIcon } from "@/components/ui/icons";
import { accountPath } from "@/lib/portal/paths";
import { AccountSwitcher } from "./account-switcher";
import { Logo } from "./logo";
import { NotificationBell } from "./notification-bell";
import { SidebarMenu } from "./sidebar-menu";
import { SidebarNav } from "./sidebar-nav";
import { SignOutButton } from "./sign-out-button";

type Props = {
  account: { id: number; name: string; role: string };
  accounts: { id: number; name: string; role: string }[];
  user: { name: string; email: string };
  /** The user's unread notifications when the page was rendered (the bell follows the live stream after). */
  unreadNotifications: number;
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

export const Sidebar = ({ account, accounts, user, unreadNotifications }: Props) => (
  <aside aria-label="Account navigation" className="shrink-0 border-b border-slate-200 bg-white md:w-60 md:border-r md:border-b-0">
    <SidebarMenu
      brand={
        // The bell stays in view on a phone, where the rest of the sidebar folds behind "Menu".
        <div className="flex min-w-0 flex-1 items-center justify-between gap-1">
          <Link href="/app" className="flex items-center gap-2 rounded-md px-3 py-1 text-sm font-semibold text-slate-900">
            <Logo className="size-6" />
            Venuedesk
          </Link>
          <NotificationBell accountId={account.id} initialUnread={unreadNotifications} />
        </div>
      }
    >
      <div className="px-3 pb-3">
        <AccountSwitcher current={account} accounts={accounts} />
      </div>
      <SidebarNav accountId={account.id} />
      <div className="border-t border-slate-200 p-3 md:mt-auto">
        <div className="flex items-center gap-3 px-2 py-2">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
          >
            {initials(user.name) || <UserIcon className="size-4" />}
          </span>
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-slate-900">{user.name}</span>
            <span className="block truncate text-xs text-slate-500">{user.email}</span>
          </span>
        </div>
        <div className="mt-1 flex items-center gap-1">
          <Link
            href={accountPath(account.id, "profile")}
            className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <UserIcon className="size-4" />
            Profile
          </Link>
          <SignOutButton />
        </div>
      </div>
    </SidebarMenu>
  </aside>
);
