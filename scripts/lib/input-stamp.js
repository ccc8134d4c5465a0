// What server.js checks at every start to decide whether to build (issue #32, item 5): with many
// developments the inputs are hundreds of pictures, and reading every byte at each start, plus
// starting a TypeScript process to look at every picture again, cost a second or more when
// nothing had changed. Both checks now cost what changed: a stat of each file, and a read only of
// the files whose size or time moved.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Every file under the roots (files or folders), sorted, skipping what `skip` matches. */
export function filesUnder(roots, skip = () => false) {
  const files = [];
  const walk = (entry) => {
    if (skip(entry) || !fs.existsSync(entry)) return;
    if (fs.statSync(entry).isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) walk(path.join(entry, name));
    } else files.push(entry);
  };
  roots.forEach(walk);
  return files;
}

/** A digest of the files' names, sizes and modification times: no file is read. */
export function statStamp(files) {
  const hash = crypto.createHash("sha256");
  for (const file of files) {
    const { size, mtimeMs } = fs.statSync(file);
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/**
 * A digest of the files' names and contents, reading only the files whose size or time differ
 * from `known` (path → { size, mtimeMs, digest }, from the previous start). Answers the digest,
 * what to keep for the next start, and how many files were read.
 */
export function contentDigest(files, known = {}) {
  const hash = crypto.createHash("sha256");
  const next = {};
  let read = 0;
  for (const file of files) {
    const { size, mtimeMs } = fs.statSync(file);
    let entry = known[file];
    if (!entry || entry.size !== size || entry.mtimeMs !== mtimeMs) {
      entry = { size, mtimeMs, digest: crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex") };
      read += 1;
    }
    next[file] = entry;
    hash.update(file).update(entry.digest);
  }
  return { digest: hash.digest("hex"), files: next, read };
}
