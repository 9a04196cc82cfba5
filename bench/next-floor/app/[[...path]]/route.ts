// The Next.js floor (bench/next-floor/README.md): every request answered from the recording, with
// the app's statements and body (bench/replay.ts) — a route handler with nothing of the app in it.
import { openReplay, replayConnections } from "../../../replay";

let replay: ReturnType<typeof openReplay> | undefined;

const handle = async (request: Request) => {
  const url = new URL(request.url);
  if (url.pathname === "/health") return new Response("ok");
  replay ??= openReplay(process.env.FLOOR_RECORDING ?? "", process.env.DATABASE_URL ?? "", replayConnections());
  const answer = await replay.answer(request.method, `${url.pathname}${url.search}`, request.method === "GET" ? "" : await request.text());
  if (!answer) return new Response(null, { status: 404 });
  return new Response(answer.text, { status: answer.status, headers: { "content-type": answer.contentType } });
};

export const GET = handle;
export const POST = handle;
export const dynamic = "force-dynamic";
