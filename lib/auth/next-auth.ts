import type { NextAuthOptions } from "next-auth";
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { requestIp } from "@/lib/http/client-ip";
import { ApiError, errorBody, errorResponse } from "@/lib/http/errors";
import { takeHits } from "@/lib/http/rate-limit";
import { appBaseUrl, parseJsonText, readBodyText } from "@/lib/http/request";
import { logFailure } from "@/lib/log";
import { findUserByEmail } from "@/lib/users/create-user";
import { verifyPassword } from "./passwords";
import { clearSignInFailures, recordSignInFailure, signInWait, tooManySignIns, type SignInAttempt } from "./sign-in-guard";
import { redeemSsoToken } from "./sso";

type Credentials = Record<"email" | "password" | "sso_auth_token", string> | undefined;

const signInUser = async (credentials: Credentials, attempt: SignInAttempt) => {
  const email = credentials?.email?.trim().toLowerCase();
  if (!email) return null;
  const db = getDb();
  const user = credentials?.sso_auth_token
    ? await redeemSsoToken(db, email, credentials.sso_auth_token)
    : await findUserByEmail(db, email).then(async (found) => (found && (await verifyPassword(credentials?.password ?? "", found.passwordHash)) ? found : null));
  if (!user) {
    await recordSignInFailure(db, attempt);
    return null;
  }
  await clearSignInFailures(db, email);
  return { id: String(user.id), name: user.name, email: user.email };
};

/**
 * Browser sessions: email + password, or a one-time SSO token from the Platform API's login
 * link. Sessions are signed JWT cookies (no server state; next-auth sets them HttpOnly,
 * SameSite=Lax, and Secure when NEXTAUTH_URL is https); the user id inside is turned into the
 * same `user` caller an API token yields (lib/auth/session.ts). Failed attempts count towards
 * backoff and lockout (./sign-in-guard.ts).
 */
export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        sso_auth_token: { label: "SSO token", type: "text" },
      },
      authorize: (credentials, req) =>
        signInUser(credentials, { email: credentials?.email ?? null, ip: requestIp(new Headers(req.headers as Record<string, string>)) }),
    }),
  ],
  callbacks: {
    jwt: ({ token, user }) => {
      if (user) token.userId = Number(user.id);
      return token;
    },
    session: ({ session, token }) => {
      if (session.user) (session.user as { id?: number }).id = token.userId as number;
      return session;
    },
  },
};

/** The `error` the login form receives for a refused attempt (next-auth's client reads it from `url`). */
export const tooManyAttemptsError = "TooManyAttempts";

/**
 * A sign-in attempt that must wait (rate limit per address, backoff or lockout per email and
 * address) is answered 429 with Retry-After and the standard body, before next-auth sees it.
 * The body also carries next-auth's `url` with `error=TooManyAttempts-<seconds>` for its client.
 */
const refuseEarly = async (request: Request): Promise<Response | null> => {
  const ip = requestIp(request.headers);
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const email = form?.get("email");
  try {
    await takeHits(getDb(), ip ? [{ rule: "sign_in", key: ip }] : [], ip);
    const wait = await signInWait(getDb(), { email: typeof email === "string" ? email : null, ip });
    if (wait > 0) throw tooManySignIns(wait);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const wait = Number(error.headers["Retry-After"] ?? 60);
    const url = `${appBaseUrl(request)}/login?error=${tooManyAttemptsError}-${wait}`;
    return Response.json({ ...errorBody(error.message, error.errors), url }, { status: error.status, headers: error.headers });
  }
};

type RouteContext = { params: Promise<{ nextauth: string[] }> };
const nextAuth = NextAuth(authOptions) as (request: Request, context: RouteContext) => Promise<Response>;

/**
 * A POST's body read once, within the API's size limit, and handed on as next-auth reads it.
 * next-auth parses a JSON body unguarded: one that does not parse (or is empty) is answered 400
 * here, as the API answers it, instead of crashing there.
 */
const bufferedPost = async (request: Request): Promise<NextRequest> => {
  const text = await readBodyText(request);
  if ((request.headers.get("content-type") ?? "").includes("application/json")) parseJsonText(text);
  return new NextRequest(request.url, { method: "POST", headers: request.headers, body: text });
};

/** next-auth's endpoints, with sign-in attempts guarded. */
export const authHandlers = {
  GET: (request: Request, context: RouteContext) => nextAuth(request, context),
  POST: async (received: Request, context: RouteContext) => {
    let request: NextRequest;
    try {
      request = await bufferedPost(received);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      throw error;
    }
    if (new URL(request.url).pathname.endsWith("/callback/credentials")) {
      try {
        const refusal = await refuseEarly(request);
        if (refusal) return refusal;
      } catch (error) {
        logFailure({ where: "sign-in guard" }, error);
        return Response.json(errorBody("Sign-in is not available right now; please try again"), { status: 503 });
      }
    }
    return nextAuth(request, context);
  },
};
