import type { ReactNode } from "react";
import { LiveProvider } from "@/components/portal/live-provider";
import { Sidebar } from "@/components/portal/sidebar";
import { currentUser, pageContext } from "@/lib/portal/context";
import { loadLiveCursor } from "@/lib/portal/loaders/live";
import { unreadNotifications } from "@/lib/portal/loaders/notifications";

export default async function AccountLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  const [user, since, unread] = await Promise.all([currentUser(account_id), loadLiveCursor(account_id), unreadNotifications(ctx)]);
  const accounts = user.accounts.map((account) => ({ id: account.id, name: account.name, role: account.role }));

  // One live connection for every page of the account: the screens below refetch from its frames.
  return (
    <LiveProvider accountId={ctx.account.id} since={since}>
      <div className="min-h-screen md:flex">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Sidebar
          account={{ id: ctx.account.id, name: ctx.account.name, role: ctx.membership?.role ?? "agent" }}
          accounts={accounts}
          user={{ name: user.available_name, email: user.email }}
          unreadNotifications={unread}
        />
        <main id="main-content" className="min-w-0 flex-1 px-4 py-8 sm:px-8 lg:px-10">
          <div className="mx-auto max-w-5xl">{children}</div>
        </main>
      </div>
    </LiveProvider>
  );
}
