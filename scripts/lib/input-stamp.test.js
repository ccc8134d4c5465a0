import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { contentDigest, filesUnder, statStamp } from "./input-stamp.js";

const folders = [];
function folderWith(files) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "input-stamp-"));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}
afterEach(() => folders.splice(0).forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

describe("the start-up check of the build's inputs", () => {
  test("reads no file again when nothing changed, and only the changed one when one did", () => {
    const folder = folderWith({ "a.ts": "a", "pics/b.png": "b", "pics/c.png": "c" });
    const first = contentDigest(filesUnder([folder]));
    expect(first.read).toBe(3);
    const again = contentDigest(filesUnder([folder]), first.files);
    expect(again).toMatchObject({ read: 0, digest: first.digest });
    fs.writeFileSync(path.join(folder, "pics/b.png"), "b, redrawn");
    const changed = contentDigest(filesUnder([folder]), again.files);
    expect(changed.read).toBe(1);
    expect(changed.digest).not.toBe(first.digest);
  });

  test("the pictures' stamp changes with a new, touched or removed file, and not otherwise", () => {
    const folder = folderWith({ "pics/b.png": "b" });
    const stamp = () => statStamp(filesUnder([folder], (entry) => entry.endsWith("_generated")));
    const before = stamp();
    expect(stamp()).toBe(before);
    folderWith({});
    fs.mkdirSync(path.join(folder, "_generated"));
    fs.writeFileSync(path.join(folder, "_generated", "out.png"), "drawn");
    expect(stamp()).toBe(before);
    fs.writeFileSync(path.join(folder, "pics/new.png"), "n");
    const added = stamp();
    expect(added).not.toBe(before);
    fs.utimesSync(path.join(folder, "pics/b.png"), new Date(), new Date(Date.now() + 5_000));
    expect(stamp()).not.toBe(added);
    fs.rmSync(path.join(folder, "pics/new.png"));
    expect(stamp()).not.toBe(added);
  });
});
