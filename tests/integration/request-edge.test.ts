import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { parseEnv, setEnv } from "#app/.server/env.ts";
import { REQUEST_REFUSALS } from "#app/forms/request-refusals.ts";
import { answerAtTheEdge, lastResortErrors } from "#server/edge.ts";
import { startTestApp, type TestApp } from "#tests/app-server.ts";
import { withTestDatabase } from "#tests/db.ts";

/**
 * Unusual requests as an attacker types them (issue #24): request lines, methods and targets no
 * browser sends, written byte for byte on a socket. Each is answered with a 4xx and one log line
 * without a stack; before, several reached React Router and answered 500 with the stack.
 */

withTestDatabase();
let app: TestApp;
let warnings: string[];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
beforeEach(() => {
  setEnv(parseEnv({ SITE_URL: app.origin }));
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `lines` (joined with CRLF, then a blank line) on a new connection and reads the answer to its end. */
function raw(port: number, lines: string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${lines[0]}`));
    });
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
      socket.destroy();
    });
  });
}

const host = () => `Host: localhost:${app.port}`;

/** No stack, no exception name, in the answer or the log. */
function expectNoStack(answer: RawAnswer) {
  for (const text of [answer.body, ...warnings]) {
    expect(text).not.toMatch(/\n\s+at |TypeError|Error:/);
  }
}

describe("unusual request lines are refused at the server's edge", () => {
  test.each(["TRACE /", "TRACE /admin", "OPTIONS *", "OPTIONS /", "PROPFIND /", "DELETE /admin/leads", "PUT /", "PATCH /actions/visit"])(
    "%s answers 405 naming the methods the site serves, with one log line",
    async (requestLine) => {
      const answer = await raw(app.port, [`${requestLine} HTTP/1.1`, host(), "Connection: close"]);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
      expect(answer.body).toBe(REQUEST_REFUSALS[405]);
      expect(warnings).toHaveLength(1);
      expectNoStack(answer);
    },
  );

  test("CONNECT, which Node would drop without a word, answers 405", async () => {
    const answer = await raw(app.port, [`CONNECT evil.example:443 HTTP/1.1`, "Host: evil.example:443"]);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, POST");
    expect(warnings).toHaveLength(1);
  });

  test("an absolute URI naming another site is not found, whatever the Host header says", async () => {
    const answer = await raw(app.port, ["GET http://evil.example/ HTTP/1.1", host(), "Connection: close"]);
    expect(answer.status).toBe(404);
    expectNoStack(answer);
  });

  test("an absolute URI naming this site is its page, as the URI's host outranks the Host header", async () => {
    const answer = await raw(app.port, [`GET ${app.origin}/privacy HTTP/1.1`, "Host: evil.example", "Connection: close"]);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("개인정보");
  });

  test.each(["GET ftp://evil.example/ HTTP/1.1", "GET http://user:secret@evil.example/ HTTP/1.1", "GET * HTTP/1.1"])(
    "%s (a target that is no path nor an http(s) URL) answers 400",
    async (requestLine) => {
      const answer = await raw(app.port, [requestLine, host(), "Connection: close"]);
      expect(answer.status).toBe(400);
      expect(answer.body).toBe(REQUEST_REFUSALS[400]);
      expect(warnings).toHaveLength(1);
      expectNoStack(answer);
    },
  );

  test("HTTP/1.0 without a Host header answers 400", async () => {
    const answer = await raw(app.port, ["GET / HTTP/1.0"]);
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(REQUEST_REFUSALS[400]);
    expect(warnings).toHaveLength(1);
    expectNoStack(answer);
  });

  test("a load balancer's HTTP/1.0 health check without a Host header is still answered", async () => {
    const answer = await raw(app.port, ["GET /healthz HTTP/1.0"]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
  });

  test("a path whose percent-escapes do not decode answers 400", async () => {
    const answer = await raw(app.port, ["GET /%zz HTTP/1.1", host(), "Connection: close"]);
    expect(answer.status).toBe(400);
    expect(warnings).toHaveLength(1);
    expectNoStack(answer);
  });

  test.each(["FOO / HTTP/1.1", "GET /a b HTTP/1.1", "GET / HTTP/9.9", "\u0001\u0002 / HTTP/1.1"])(
    "a request line Node cannot parse (%j) answers 400 with one log line",
    async (requestLine) => {
      const answer = await raw(app.port, [requestLine, host()]);
      expect(answer.status).toBe(400);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/^Refused an unreadable request with 400: HPE_/);
    },
  );

  test("HEAD, GET and POST still reach the pages", async () => {
    expect((await raw(app.port, ["HEAD /privacy HTTP/1.1", host(), "Connection: close"])).status).toBe(200);
    expect((await raw(app.port, ["GET /privacy HTTP/1.1", host(), "Connection: close"])).status).toBe(200);
    expect(warnings).toEqual([]);
  });
});

describe("an error nothing else answered", () => {
  test("is a 500 with a Korean sentence and no stack for the client, and one log entry", async () => {
    const failing = express();
    failing.get("/", () => {
      throw new TypeError("Cannot read properties of undefined (reading 'split')");
    });
    failing.use(lastResortErrors);
    const server = failing.listen(0, "127.0.0.1");
    answerAtTheEdge(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    try {
      const { port } = server.address() as net.AddressInfo;
      const answer = await raw(port, ["GET / HTTP/1.1", "Host: localhost", "Connection: close"]);
      expect(answer.status).toBe(500);
      expect(answer.body).toBe(REQUEST_REFUSALS[500]);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(logged).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("is not logged when the browser went away while a file was being sent", async () => {
    const big = path.join(os.tmpdir(), `request-edge-${process.pid}.bin`);
    fs.writeFileSync(big, Buffer.alloc(32 * 1024 * 1024));
    const sending = express();
    const settled = new Promise<unknown>((resolve) => {
      sending.get("/big", (_req, res, next) =>
        res.sendFile(big, (error) => {
          resolve(error);
          if (error) next(error);
        }),
      );
    });
    sending.use(lastResortErrors);
    const server = sending.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    try {
      const { port } = server.address() as net.AddressInfo;
      const socket = net.connect(port, "127.0.0.1", () => socket.write("GET /big HTTP/1.1\r\nHost: localhost\r\n\r\n"));
      // The first bytes of the answer arrive, and the browser leaves.
      socket.once("data", () => socket.destroy());
      expect(await settled).toMatchObject({ code: "ECONNABORTED" });
      expect(logged).toEqual([]);
      expect(warnings).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(big, { force: true });
    }
  });
});
