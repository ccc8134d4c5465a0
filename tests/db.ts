import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "#app/.server/db.ts";
import { forgetAllPages } from "#server/page-cache.ts";

/**
 * A real, migrated database for one test worker: in-memory PGlite, or, when TEST_DATABASE_URL
 * names a PostgreSQL server (scripts/test-integration.js starts one), a fresh database on it, left
 * there for the server's removal after the run. Both start from a template migrated once per run
 * (tests/setup/pglite-template.ts, postgres-template.ts).
 */
async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openFreshPglite();
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  // A copy of the run's migrated template (tests/setup/postgres-template.ts), not migrated again.
  const template = inject("postgresTemplate");
  await withServer(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 20 });
  if (!template) await handle.migrate();
  return {
    ...handle,
    /** Where another process (a second instance) finds this database. */
    url: url.toString(),
  };
}

/**
 * A new, migrated, in-memory PGlite database of its own (a test about a whole database, the
 * worker's left as it is): a copy of the migrated template the run made once
 * (tests/setup/pglite-template.ts) opens in about a second of processor and is not migrated again.
 */
export async function openFreshPglite(): Promise<DatabaseHandle> {
  const template = inject("pgliteTemplate");
  const startFrom = template ? new Blob([fs.readFileSync(template)]) : undefined;
  const handle = await openDatabase({ kind: "pglite", startFrom });
  if (!template) await handle.migrate();
  return handle;
}

/**
 * The PGlite data folder `dataDir` opened and migrated, as `npm start` opens its own. A folder not
 * made yet starts as a copy of the run's migrated template instead of a new cluster (initdb in a
 * child process) and every migration: about 4 s of processor each time, for the files that run an
 * operator's command on a data folder of its own (create-admin, audit-verify).
 */
export async function openPgliteFolder(dataDir: string): Promise<DatabaseHandle> {
  const template = fs.existsSync(path.join(dataDir, "PG_VERSION")) ? undefined : inject("pgliteTemplate");
  const handle = await openDatabase({ kind: "pglite", dataDir, startFrom: template ? new Blob([fs.readFileSync(template)]) : undefined });
  await handle.migrate();
  return handle;
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

/** The rows of every table of the app's schema gone, the foreign keys' triggers off for the statement. */
const DELETE_EVERY_ROW = `perform set_config('session_replication_role', 'replica', true);
  for name in select quote_ident(tablename) from pg_tables where schemaname = 'public' loop
    execute 'delete from ' || name;
  end loop;`;

/**
 * Empties every table of the app's schema, keeping the migrations' bookkeeping, and starts every
 * sequence again (ids from 1, as `truncate … restart identity` would). Deleting the few rows a test
 * leaves is a quarter of the processor time of truncating all 51 tables, which makes new files
 * for each (57 ms against 15 ms on PGlite, every test of every file pays it). The foreign keys'
 * triggers are off for the statement (`session_replication_role`), so the order of deletion does
 * not matter; the schema has no triggers of its own that this would skip.
 */
const EMPTY_ALL = sql.raw(`do $$
declare
  name text;
begin
  ${DELETE_EVERY_ROW}
  perform setval(format('%I.%I', schemaname, sequencename), start_value, false)
    from pg_sequences where schemaname = 'public' and last_value is not null;
end $$`);

export async function emptyAll(handle: DatabaseHandle) {
  await handle.db.execute(EMPTY_ALL);
}

/**
 * Copies every table's rows and every sequence's position into the schema `kept`, which
 * PUT_BACK_KEPT restores: for a file whose tests each start from the same seeded rows and may change
 * them. Putting back a copy takes a statement; seeding again through the app's verbs took 66 ms of
 * a busy machine each time (console-authorization-posts.test.ts, 580 times).
 */
const KEEP_ALL = sql.raw(`do $$
declare
  name text;
begin
  drop schema if exists kept cascade;
  create schema kept;
  create table kept.filled (name text);
  for name in select quote_ident(tablename) from pg_tables where schemaname = 'public' loop
    execute format('create table kept.%s as select * from public.%s', name, name);
    execute format('insert into kept.filled select %L where exists (select from kept.%s)', name, name);
  end loop;
  create table kept.sequences as
    select sequencename, start_value, last_value from pg_sequences where schemaname = 'public';
end $$`);

/**
 * Every table back to the rows KEEP_ALL copied (identities as they were, the foreign keys'
 * triggers off as in EMPTY_ALL) and every sequence to where it stood, so the ids a test is given
 * next are those the seeding would have given.
 */
const PUT_BACK_KEPT = sql.raw(`do $$
declare
  name text;
begin
  ${DELETE_EVERY_ROW}
  for name in select filled.name from kept.filled loop
    execute format('insert into public.%s overriding system value select * from kept.%s', name, name);
  end loop;
  perform case
      when last_value is null then setval(format('public.%I', sequencename), start_value, false)
      else setval(format('public.%I', sequencename), last_value, true)
    end
    from kept.sequences;
end $$`);

/**
 * Keeps the database's rows as they are now; `putBack()` restores them (and the page cache's
 * versions start again, as after emptyAll), `discard()` drops the copy before the next file.
 */
export async function keepRows(handle: DatabaseHandle) {
  await handle.db.execute(KEEP_ALL);
  return {
    async putBack() {
      await handle.db.execute(PUT_BACK_KEPT);
      forgetAllPages();
    },
    discard: () => handle.db.execute(sql.raw("drop schema kept cascade")),
  };
}

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * The worker's database: opened by the first file that asks and kept for every later file of the
 * same worker, which runs them one after another in one process (`isolate: false`,
 * vitest.config.ts). Each file empties it before its first test instead of opening its own: 18–23 ms
 * against about a second of processor for a PGlite copy (a fresh database on PostgreSQL).
 */
let workerDatabase: Promise<TestDatabase> | undefined;

function openWorkerDatabase(): Promise<TestDatabase> {
  workerDatabase ??= createTestDatabase().catch((error: unknown) => {
    workerDatabase = undefined;
    throw error;
  });
  return workerDatabase;
}

/**
 * Makes the worker's test database the app's database for the file. It is emptied before each
 * test, or with `{ empty: "once" }` only before the file's first, for files whose tests only read
 * what one `beforeAll` seeded; either way a file never sees the rows an earlier file left.
 */
export function withTestDatabase({ empty = "each" }: { empty?: "each" | "once" } = {}) {
  const state: { handle?: TestDatabase } = {};
  beforeAll(async () => {
    state.handle = await openWorkerDatabase();
    setDatabase(state.handle);
  });
  (empty === "each" ? beforeEach : beforeAll)(async () => {
    if (state.handle) await emptyAll(state.handle);
    // Versions start again from 0 in the emptied database: pages kept under an earlier case's go.
    forgetAllPages();
  });
  // Not closed: the next file of this worker opens it. It goes with the worker's process.
  afterAll(() => setDatabase(undefined));
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
