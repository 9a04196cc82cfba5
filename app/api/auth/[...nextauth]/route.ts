// next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the portal.
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
