// The baseline `npm run bench:server` compares the page cache with: one file's bytes, read once,
// answered by a plain node:http server in a process of its own (as a static file server would
// run), so it does not share a core's event loop with the load tool that measures it.
// A browser that accepts gzip gets the file's gzip twin, compressed once at start (as a static
// server with precompressed files, nginx's gzip_static, answers).
// Usage: node scripts/lib/static-file-server.js <file> <port>; prints "ready" when listening.
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";

const [file, port] = process.argv.slice(2);
const bytes = fs.readFileSync(file);
const gzipped = zlib.gzipSync(bytes, { level: 9 });
http
  .createServer((req, res) => {
    const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const body = gzip ? gzipped : bytes;
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": body.byteLength,
      vary: "Accept-Encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
