// After `react-router build`: writes a Brotli (quality 11) copy beside every fingerprinted
// text asset. server.js sends it to browsers that accept br; it is ~14% smaller than the
// on-the-fly compression, which must stay fast and so uses a low quality.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assetsDir = path.join(process.env.BUILD_DIR ?? "build", "client", "assets");
let before = 0;
let after = 0;
for (const name of fs.readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const source = fs.readFileSync(file);
  const compressed = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  fs.writeFileSync(`${file}.br`, compressed);
  before += source.length;
  after += compressed.length;
}
console.log(`Brotli: ${Math.round(before / 1024)} KB of assets → ${Math.round(after / 1024)} KB`);
