import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { Logo } from "@/components/portal/logo";
import { sessionCaller } from "@/lib/auth/session";
import { firstParam, type SearchParams } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Sign in · Venuedesk" };

const ownOrigin = "http://venuedesk.invalid";
const pathOnly = /^\/(?![/\\])/;

/**
 * Only paths on this site: a crafted link must not send a fresh session elsewhere. The value is
 * read the way the browser will read it (which drops tabs and newlines and turns "\\" into "/"),
 * and what it resolves to must still be a path, not a protocol-relative "//host".
 */
const safeNext = (value: string | undefined) => {
  if (!value || !pathOnly.test(value)) return "/app";
  try {
    const url = new URL(value, ownOrigin);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === ownOrigin && pathOnly.test(path) ? path : "/app";
  } catch {
    return "/app";
  }
};

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const email = firstParam(query.email);
  const token = firstParam(query.sso_auth_token);
  const sso = email && token ? { email, token } : null;
  const next = safeNext(firstParam(query.callbackUrl));
  // A login link is honoured even when someone is signed in: it names who should be.
  if (!sso && (await sessionCaller())) redirect(next);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <Logo className="size-10" />
          <h1 className="mt-4 text-xl font-semibold text-slate-900">Sign in to Venuedesk</h1>
          <p className="mt-1 text-sm text-slate-500">Conversations, planning and quotes for your venue.</p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <LoginForm next={next} sso={sso} />
        </div>
      </div>
    </main>
  );
}
