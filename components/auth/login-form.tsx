"use client";

import { signIn } from "next-auth/react";
import { tooManyAttemptsMessage } from "@/lib/auth/sign-in-policy";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";

type Sso = { email: string; token: string };

/** Signs in through next-auth's credentials provider; answers null on success, or what to tell the user. */
const attempt = async (credentials: Record<string, string>, refusal: string): Promise<string | null> => {
  try {
    const result = await signIn("credentials", { ...credentials, redirect: false });
    if (result?.ok && !result.error) return null;
    const wait = /^TooManyAttempts-(\d+)$/.exec(result?.error ?? "");
    return wait ? tooManyAttemptsMessage(Number(wait[1])) : refusal;
  } catch {
    return "Could not reach the server. Please try again.";
  }
};

/**
 * Email and password sign-in. A Platform API login link (`?email=…&sso_auth_token=…`) signs
 * in by itself, once: the token is single-use.
 */
export const LoginForm = ({ next, sso }: { next: string; sso: Sso | null }) => {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(sso !== null);
  const ssoTried = useRef(false);

  useEffect(() => {
    if (!sso || ssoTried.current) return;
    ssoTried.current = true;
    void attempt(
      { email: sso.email, sso_auth_token: sso.token },
      "This sign-in link is invalid or has expired. Sign in with your password instead.",
    ).then((message) => {
      if (message === null) {
        router.replace(next);
        router.refresh();
        return;
      }
      setError(message);
      setPending(false);
    });
  }, [sso, next, router]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const message = await attempt(
      { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") },
      "Invalid email or password",
    );
    if (message === null) {
      router.replace(next);
      router.refresh();
      return;
    }
    setError(message);
    setPending(false);
  };

  if (sso && pending && !error) {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-600">
        Signing you in…
      </p>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-5">
      {error ? <StatusMessage tone="error">{error}</StatusMessage> : null}
      <Input label="Email" name="email" type="email" autoComplete="username" required defaultValue={sso?.email} />
      <Input label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
};
