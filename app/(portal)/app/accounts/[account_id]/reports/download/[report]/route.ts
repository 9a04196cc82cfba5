// The Reports page's CSV downloads for a signed-in member: the API's downloads (GET
// reports/{agents,inboxes,teams,labels,conversations_summary}) take an access token, not the
// portal's session, so the page links here with its own query instead.
import { portalContext } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import { loadReportDownload } from "@/lib/portal/loaders/report-downloads";
import { csvResponse } from "@/lib/reports/csv-reports";

export const dynamic = "force-dynamic";

const plain = (text: string, status: number) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export const GET = async (request: Request, { params }: { params: Promise<{ account_id: string; report: string }> }) => {
  const { account_id, report } = await params;
  const ctx = await portalContext(account_id);
  try {
    const document = await loadReportDownload(ctx, report, Object.fromEntries(new URL(request.url).searchParams));
    if (!document) return plain("Report not found", 404);
    const response = csvResponse(document);
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch (error) {
    // Reports need report_manage, as through the API.
    if (error instanceof ApiError && error.code === "forbidden") return plain("Reports are not open to you", 403);
    throw error;
  }
};
