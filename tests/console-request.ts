import type { TestApp } from "./app-server.ts";

/** A request to daegu's console on the test app (host here.localhost), as a browser on that site sends it. */
export function consoleRequest(
  app: TestApp,
  path: string,
  { method = "GET", form, cookie }: { method?: string; form?: Record<string, string | string[]>; cookie?: string } = {},
) {
  const origin = `http://here.localhost:${app.port}`;
  const headers: Record<string, string> = { Host: new URL(origin).host, "X-Forwarded-For": "198.51.100.30", Accept: "text/html" };
  if (cookie) headers.Cookie = cookie;
  let body: string | undefined;
  if (method !== "GET") {
    headers.Origin = origin;
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) for (const item of [value].flat()) params.append(name, item);
    body = params.toString();
  }
  return app.fetch(path, { method, headers, body });
}
