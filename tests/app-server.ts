import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { createApp } from "#server/create-app.ts";
import { answerAtTheEdge } from "#server/edge.ts";
import { testServerBuild } from "./app-build.ts";

/**
 * The app as `npm start` serves it (minus static files and compression), on a loopback port, for
 * integration tests that send real HTTP requests: body limits, middleware, every route.
 */
export async function startTestApp() {
  const build = await testServerBuild();
  const app = createApp(() => build);
  const server = app.listen(0, "127.0.0.1");
  listening.add(server);
  server.once("close", () => listening.delete(server));
  answerAtTheEdge(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    port,
    /**
     * A request as a browser on this machine sends it (`Host: localhost:port` unless the test
     * names another host). Node's own fetch would not let a test choose the Host header.
     */
    fetch: (path: string, init: { method?: string; headers?: Record<string, string>; body?: string | Buffer | Readable } = {}) =>
      send(port, path, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

const listening = new Set<http.Server>();

/** How many apps startTestApp() started are still listening (tests/setup/between-files.ts). */
export function testAppsListening() {
  return listening.size;
}

function send(
  port: number,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer | Readable },
) {
  return new Promise<Response>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method, headers: { Host: `localhost:${port}`, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, item);
          }
          const status = response.statusCode ?? 0;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      },
    );
    request.on("error", reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}
