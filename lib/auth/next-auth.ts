import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db/client";
import { verifyPassword } from "./passwords";
import { redeemSsoToken } from "./sso";
import { findUserByEmail } from "@/lib/users/create-user";

/**
 * Browser sessions: email + password, or a one-time SSO token from the Platform API's login
 * link. Sessions are signed JWT cookies (no server state); the user id inside is turned into
 * the same `user` caller an API token yields (lib/auth/session.ts).
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
      authorize: async (credentials) => {
        const email = credentials?.email?.trim().toLowerCase();
        if (!email) return null;
        const db = getDb();
        if (credentials?.sso_auth_token) {
          const user = await redeemSsoToken(db, email, credentials.sso_auth_token);
          return user ? { id: String(user.id), name: user.name, email: user.email } : null;
        }
        const user = await findUserByEmail(db, email);
        if (!user || !(await verifyPassword(credentials?.password ?? "", user.passwordHash))) return null;
        return { id: String(user.id), name: user.name, email: user.email };
      },
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
