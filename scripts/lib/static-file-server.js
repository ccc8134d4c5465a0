// The baseline `npm run bench:server` compares the page cache with: one file's bytes, read once,
// answered by a plain node:http server in a process of its own (as a static file server would
// run), so it does not share a core's event loop with the load tool that measures it.
// Usage: node scripts/lib/static-file-server.js <file> <port>; prints "ready" when listening.
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const bytes = fs.readFileSync(file);
http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": bytes.byteLength });
    res.end(bytes);
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
