import { parseFrame, resetFrame, type LiveFrame } from "./frames";

/** Waits before opening a stream the browser gave up on: doubling from the first, up to the last. */
const REOPEN_FIRST_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

/**
 * One live stream (EventSource) for as long as the page wants it; answers the function that
 * closes it. A dropped connection the browser resumes itself (sending Last-Event-ID, so the
 * server replays what was missed); one it gives up on (the server answered with an error, say
 * while restarting) is opened again after a growing pause. Whenever the stream comes back after
 * an interruption, a made-up `reset` frame goes first: whatever happened in between is fetched
 * again, replayed or not.
 */
export const openLiveStream = (url: string, onFrame: (frame: LiveFrame) => void): (() => void) => {
  let source: EventSource | null = null;
  let interrupted = false;
  let pause = REOPEN_FIRST_MS;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const open = () => {
    reopen = null;
    const current = new EventSource(url);
    source = current;
    current.onopen = () => {
      pause = REOPEN_FIRST_MS;
      if (!interrupted) return;
      interrupted = false;
      onFrame(resetFrame);
    };
    current.onmessage = (message: MessageEvent<string>) => {
      const frame = parseFrame(message.data);
      if (frame) onFrame(frame);
    };
    current.onerror = () => {
      interrupted = true;
      if (current.readyState !== EventSource.CLOSED || closed) return;
      current.close();
      reopen = setTimeout(open, pause);
      pause = Math.min(pause * 2, REOPEN_MAX_MS);
    };
  };

  open();
  return () => {
    closed = true;
    if (reopen !== null) clearTimeout(reopen);
    source?.close();
  };
};
