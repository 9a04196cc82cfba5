import { NextResponse, type NextRequest } from "next/server";

/**
 * Server components cannot read the URL they render, so the portal's sign-in redirect
 * (lib/auth/session.ts) learns the requested path and query from this header. It is always
 * set here, so a value the client sent never reaches the app.
 */
export const proxy = (request: NextRequest) => {
  const url = request.nextUrl.clone();
  // The router's cache-busting parameter is not part of the page's address.
  url.searchParams.delete("_rsc");
  const headers = new Headers(request.headers);
  headers.set("x-venuedesk-requested-path", `${url.pathname}${url.search}`);
  return NextResponse.next({ request: { headers } });
};

export const config = { matcher: "/app/:path*" };
