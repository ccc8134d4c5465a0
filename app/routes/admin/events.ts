import { subscribe, type LiveAlert } from "#app/.server/live-alerts.ts";
import { requireSite } from "#app/.server/site.ts";
import { signedInAdmin } from "./guard.server.ts";
import type { Route } from "./+types/events";

/** A comment line now and then keeps proxies (and the browser) from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 25_000;

/**
 * The console's live alerts as server-sent events (app/routes/admin/live-alerts.tsx listens):
 * "lead" for a new lead the person may see, "assigned" for a lead given to them. Reading the
 * stream is not activity: the session still ends after its idle time, and its stream with it
 * (the browser's reconnection then gets 401 and stops). `no-transform` keeps the compression
 * middleware from buffering the events.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  if (!/text\/event-stream/i.test(request.headers.get("Accept") ?? "")) {
    return new Response("이 주소는 실시간 알림용입니다.", {
      status: 406,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const site = requireSite(context).slug;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const write = (text: string) => {
    if (open) controller.enqueue(encoder.encode(text));
  };
  let unsubscribe = () => {};
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    request.signal.removeEventListener("abort", close);
    controller.close();
  };
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      open = false;
      clearInterval(heartbeat);
      unsubscribe();
    },
  });
  // Subscribed before the answer goes out: once the browser has it, no new lead is missed.
  unsubscribe = await subscribe(site, {
    viewer: admin,
    sessionId: admin.sessionId,
    send: (alert: LiveAlert) => write(`event: ${alert.type}\ndata: ${JSON.stringify(alert)}\n\n`),
    end: close,
  });
  const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
  request.signal.addEventListener("abort", close);
  if (request.signal.aborted) close();
  write("retry: 5000\n: connected\n\n");
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store, no-transform", "X-Accel-Buffering": "no" },
  });
}
