// Raw HTTP for fuzz.js: node:http sends what fetch would refuse or tidy up (malformed paths, any
// header, a body streamed without a Content-Length) or raw bytes on a socket (sendRaw), and says
// what came back, or that nothing did.
import http from "node:http";
import net from "node:net";

const CHUNK = Buffer.alloc(64 * 1024, "x");

/**
 * Sends one request. Resolves with `status` (0: no answer, the connection closed or timed out,
 * then `timedOut` says which; -1: Node's client refused to send it), the response `headers` and,
 * with `readBody`, its `text`. `request.stream = { bytes, contentLength }` streams a body of that
 * many bytes in 64 KB chunks, declared with a Content-Length when `contentLength` is true and
 * chunked otherwise; writing stops once the answer arrives (a server that refuses a body need not
 * read it), so a streamed request's body is never read.
 */
export function send(baseUrl, request, { readBody = false, timeoutMs = 15_000 } = {}) {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let answered = false;
    let timedOut = false;
    let settled = false;
    const finish = (result) => {
      if (settled) return;
      settled = true;
      resolve({ headers: {}, text: "", timedOut, ...result });
    };
    const headers = { ...request.headers };
    if (request.stream?.contentLength) headers["content-length"] = String(request.stream.bytes);
    let req;
    try {
      req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers }, (res) => {
        answered = true;
        const answer = { status: res.statusCode ?? 0, headers: res.headers };
        // The status is the answer: a server that refuses a huge body may close before reading it.
        if (!readBody) {
          res.resume();
          finish(answer);
        } else {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () => finish({ ...answer, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", () => finish(answer));
        }
        if (request.stream && !req.writableFinished) req.destroy();
      });
    } catch {
      // Node's client refuses to send it (e.g. an unescaped path): nothing reached the server.
      return finish({ status: -1 });
    }
    req.on("error", () => finish({ status: 0 }));
    req.on("close", () => finish({ status: 0 }));
    req.setTimeout(timeoutMs, () => {
      timedOut = true;
      req.destroy();
    });
    if (!request.stream) {
      if (request.body) req.write(request.body);
      req.end();
      return;
    }
    let sent = 0;
    const pump = () => {
      while (sent < request.stream.bytes && !answered && !req.destroyed) {
        const size = Math.min(CHUNK.length, request.stream.bytes - sent);
        sent += size;
        if (!req.write(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

/**
 * Writes `text` on a new connection byte for byte (what no HTTP client would send: `OPTIONS *`, a
 * request line with control characters, HTTP/1.0 without Host) and reads the answer until the
 * server closes. Resolves with `status` (0: no answer) and `timedOut`.
 */
export function sendRaw(baseUrl, text, { timeoutMs = 15_000 } = {}) {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let received = "";
    let timedOut = false;
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    const finish = () => resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0), timedOut });
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (received += chunk));
    socket.on("close", finish);
    socket.on("error", () => socket.destroy());
    socket.setTimeout(timeoutMs, () => {
      timedOut = true;
      socket.destroy();
    });
  });
}
