import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an empty, migrated PGlite database, for each test worker to start from (tests/db.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Makes one migrated PGlite database before the integration files run and leaves its dump for
 * each worker to open once (tests/db.ts): a new PGlite runs initdb, about 4 s of one core; opening
 * a dump takes under one. Nothing is made for a run on PostgreSQL.
 */
export default async function makePgliteTemplate(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const client = new PGlite();
  await migrate(drizzle({ client, casing: "snake_case" }), { migrationsFolder: path.resolve("drizzle") });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const file = path.join(folder, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
