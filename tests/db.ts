import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDatabase, queryRows, setDatabase, type DatabaseHandle } from "#app/.server/db.ts";
import { forgetAllPages } from "#server/page-cache.ts";

/**
 * A real, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * names a PostgreSQL server (scripts/test-integration.js starts one), a fresh database on it.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The migrated template the run made once (tests/setup/pglite-template.ts); migrate() then finds nothing to do.
    const template = inject("pgliteTemplate");
    const startFrom = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const handle = await openDatabase({ kind: "pglite", startFrom });
    await handle.migrate();
    return handle;
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await withServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 20 });
  await handle.migrate();
  return {
    ...handle,
    /** Where another process (a second instance) finds this database. */
    url: url.toString(),
    async close() {
      await handle.close();
      await withServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withServer<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Empties every table of the app's schema, keeping the migrations' bookkeeping. */
export async function truncateAll(handle: DatabaseHandle) {
  const rows = await queryRows<{ tablename: string }>(handle.db, sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = rows.map((row) => `"${row.tablename}"`);
  if (tables.length > 0) await handle.db.execute(sql.raw(`truncate ${tables.join(", ")} restart identity cascade`));
}

/**
 * Opens a test database for the file and makes it the app's database. It is emptied before each
 * test, or with `{ empty: "once" }` only before the file's first, for files whose tests only read
 * what one `beforeAll` seeded.
 */
export function withTestDatabase({ empty = "each" }: { empty?: "each" | "once" } = {}) {
  const state: { handle?: DatabaseHandle & { url?: string } } = {};
  beforeAll(async () => {
    state.handle = await createTestDatabase();
    setDatabase(state.handle);
  });
  (empty === "each" ? beforeEach : beforeAll)(async () => {
    if (state.handle) await truncateAll(state.handle);
    // Versions start again from 0 in the emptied database: pages kept under an earlier case's go.
    forgetAllPages();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await state.handle?.close();
  });
  return {
    get handle() {
      if (!state.handle) throw new Error("The test database is not open yet.");
      return state.handle;
    },
    get kind() {
      return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    },
    /** The PostgreSQL database's URL; undefined on PGlite, which one process holds alone. */
    get url() {
      return state.handle?.url;
    },
  };
}
