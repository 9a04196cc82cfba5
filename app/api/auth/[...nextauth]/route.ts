// next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the portal; sign-in attempts are guarded.
import { authHandlers } from "@/lib/auth/next-auth";

export const { GET, POST } = authHandlers;
