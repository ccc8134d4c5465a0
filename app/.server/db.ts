import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parse, PGlite, protocol, TransactionAbortedError, type QueryOptions, type Results } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** What a query can run on: the database, or a transaction in progress. */
export type Executor = Database | Transaction;
export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | { kind: "postgres"; url: string; poolSize?: number }
  /**
   * `dataDir` is a folder, or undefined for an in-memory database (tests); `startFrom` is a dump of
   * a database to begin with (the tests' migrated template: opening it skips initdb, ~4 s a file).
   */
  | { kind: "pglite"; dataDir?: string; startFrom?: Blob };

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");
// Any constant works; it only has to be the same in every instance that migrates.
const MIGRATION_LOCK_KEY = 727_001;

/** Statements sent through Drizzle since the process started (transaction control aside): countStatements() reads it. */
let statementsSent = 0;
const statementCounter = {
  logQuery(query: string) {
    // node-postgres's transactions send begin/commit through the logger, PGlite's do not: both count alike without them.
    if (!TRANSACTION_CONTROL.test(query)) statementsSent += 1;
  },
};
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;

/**
 * The statements `work` sends to the database (for a test that holds a path to its count: each is
 * a round trip, and on PGlite a turn of the server's only thread). Counts everything sent
 * meanwhile, so only for work that runs alone.
 */
export async function countStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = statementsSent;
  const result = await work();
  return { result, statements: statementsSent - before };
}

const transactionReads = new WeakMap<Executor, Map<string, Promise<unknown>>>();

/**
 * `read` once per transaction for `key` (a site's settings, say): a lead's transaction consults
 * the same settings for its texts, its booking and each queued message, and each read is a round
 * trip while the transaction holds its connection (on PGlite, the only one). Outside a
 * transaction it reads every time. A transaction that changes what `key` names calls
 * forgetTransactionRead after the write.
 */
export function readOncePerTransaction<T>(executor: Executor, key: string, read: () => Promise<T>): Promise<T> {
  if (!(executor instanceof PgTransaction)) return read();
  const reads = readsOf(executor);
  let result = reads.get(key) as Promise<T> | undefined;
  if (!result) reads.set(key, (result = read()));
  return result;
}

/** Keeps `value` as this transaction's reading of `key`, read by a statement that also read other things (a lead's checks, leads/create.ts). */
export function keepTransactionRead<T>(executor: Executor, key: string, value: T) {
  if (executor instanceof PgTransaction) readsOf(executor).set(key, Promise.resolve(value));
}

function readsOf(transaction: Executor) {
  let reads = transactionReads.get(transaction);
  if (!reads) transactionReads.set(transaction, (reads = new Map()));
  return reads;
}

export function forgetTransactionRead(executor: Executor, key: string) {
  transactionReads.get(executor)?.delete(key);
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // An idle client that loses its server would otherwise crash the process.
    pool.on("error", (error) => console.error("postgres pool error:", error.message));
    const db = drizzlePostgres({ client: pool, schema, casing: "snake_case", logger: statementCounter });
    return {
      db,
      kind: "postgres",
      async migrate() {
        // Several instances may start at once; one migrates while the others wait.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres({ client, casing: "snake_case" }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (config.dataDir && !config.startFrom) createClusterApart(config.dataDir);
  // One options object: `new PGlite(undefined, options)` (an in-memory database) ignores its
  // options, and so made every test file a new cluster instead of opening the migrated template.
  const client = new PGlite({
    dataDir: config.dataDir,
    postgresqlconf: PGLITE_SETTINGS,
    ...(config.startFrom ? { loadDataDir: config.startFrom } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client: oneExchangeStatements(client), schema, casing: "snake_case", logger: statementCounter });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * PGlite's own query() talks to its PostgreSQL six times a statement (parse; describe, for the
 * parameters' types; bind; describe; execute; sync), each a call into WebAssembly and back, and
 * its transactions two times each for BEGIN and COMMIT. This client sends each statement as one
 * message (the parameters as text, typed by the server from the statement, as node-postgres sends
 * them to PostgreSQL, with node-postgres's own conversion) and BEGIN, COMMIT and ROLLBACK as one
 * simple query each. Drizzle calls only query() and transaction(); the locks are PGlite's: a
 * statement outside a transaction waits for the transaction in progress, as PGlite's query() does.
 */
function oneExchangeStatements(client: PGlite) {
  // What a statement changed reaches the file system's store once it is committed: after a statement
  // outside a transaction, and after COMMIT (a no-op on Node's file system, where PGlite writes
  // through; not on a store kept in memory).
  const send = async (message: Uint8Array, { committed }: { committed: boolean }) =>
    client.execProtocolStream(message, { syncToFs: committed });
  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions, inTransaction = false): Promise<Results<T>> => {
    const values = params.map((value) => prepareValue(value));
    const message = joinMessages([
      protocol.serialize.parse({ text }),
      protocol.serialize.bind({ values }),
      protocol.serialize.describe({ type: "P" }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    return (parse.parseResults(await send(message, { committed: !inTransaction }), client.parsers, options)[0] ?? {
      rows: [],
      fields: [],
    }) as Results<T>;
  };
  const simple = async (text: "begin" | "commit" | "rollback") =>
    parse.parseResults(await send(protocol.serialize.query(text), { committed: text === "commit" }), client.parsers)[0];
  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      client._runExclusiveTransaction(() => client._runExclusiveQuery(() => query<T>(text, params, options))),
    transaction: <T>(work: (tx: { query: typeof query }) => Promise<T>) =>
      client._runExclusiveTransaction(async () => {
        await client._runExclusiveQuery(() => simple("begin"));
        const tx = {
          query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
            client._runExclusiveQuery(() => query<R>(text, params, options, true)),
        };
        let result: T;
        try {
          result = await work(tx);
        } catch (error) {
          await client._runExclusiveQuery(() => simple("rollback"));
          throw error;
        }
        // A transaction a failed statement aborted answers COMMIT with ROLLBACK: that is no commit.
        const committed = await client._runExclusiveQuery(() => simple("commit"));
        if (committed?.command === "ROLLBACK") throw new TransactionAbortedError();
        return result;
      }),
  } as unknown as PGlite;
}

/** node-postgres's conversion of a parameter to its text (dates, arrays, JSON) or bytes, so both databases take the same values. */
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils.js") as { prepareValue(value: unknown): string | Buffer | null };

function joinMessages(parts: Uint8Array[]) {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/**
 * PGlite runs PostgreSQL inside this process, and a WebAssembly instance allocates its shared
 * memory whole at start: initdb's 128 MB of shared_buffers alone was a quarter of the server's
 * RSS (issue #32). One site's database is a few megabytes and every page PostgreSQL reads comes
 * through the operating system's file cache anyway, so 8 MB of buffers hold the working set (16 MB
 * cost the demo another 10–18 MiB of RSS, decision 035); one single-user backend needs no room for
 * other connections. PGlite writes these lines as the whole postgresql.conf on every open, so the
 * rest is what initdb wrote there.
 */
const PGLITE_SETTINGS = [
  "shared_buffers = 8MB",
  "wal_buffers = 1MB",
  "temp_buffers = 1MB",
  "max_connections = 4",
  "dynamic_shared_memory_type = posix",
  "max_wal_size = 1GB",
  "min_wal_size = 80MB",
  "log_timezone = UTC",
  "timezone = UTC",
  "datestyle = 'iso, mdy'",
  "lc_messages = C",
  "lc_monetary = C",
  "lc_numeric = C",
  "lc_time = C",
  "default_text_search_config = 'pg_catalog.english'",
];

/**
 * A new data folder's cluster (initdb) is made in a child process: initdb's WebAssembly memory
 * (~400 MB, issue #32) would otherwise stay in the server for as long as it runs. The cluster is
 * complete once PG_VERSION exists; the child finishes before the server opens it.
 */
function createClusterApart(dataDir: string) {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;
  fs.mkdirSync(dataDir, { recursive: true });
  const made = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { PGlite } from "@electric-sql/pglite";
       const db = new PGlite(process.argv[1], { postgresqlconf: JSON.parse(process.argv[2]) });
       await db.waitReady;
       await db.close();`,
      dataDir,
      JSON.stringify(PGLITE_SETTINGS),
    ],
    { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`Could not create the database in ${dataDir}: ${made.stderr || made.error?.message}`);
}

// Kept on globalThis so that a development reload of this module keeps the one open database.
const holder = globalThis as typeof globalThis & { __database?: DatabaseHandle };

/** Makes `handle` the process-wide database that `db()` returns. */
export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__database = handle;
}

/** The process-wide database, opened at boot. */
export function db(): Database {
  if (!holder.__database) throw new Error("The database is not open yet: setUpDatabase() (app/.server/set-up.ts) must run first.");
  return holder.__database.db;
}

export function databaseKind(): DatabaseKind | undefined {
  return holder.__database?.kind;
}

/** True when the database answers a trivial query. */
export async function pingDatabase(): Promise<boolean> {
  try {
    await db().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Values for a raw SQL `in (…)` list, each a bound parameter: sql`status in (${sqlList(values)})`. */
export function sqlList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`, which the shared type hides. */
export async function queryRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as { rows: Row[] };
  return result.rows;
}

/**
 * Rows one multi-row statement carries (an import's leads, customers, history entries): a statement
 * is a round trip, and on PGlite a turn of the server's only thread, so a list goes in a few
 * statements rather than one a row; PostgreSQL's protocol takes at most 65,535 parameters a
 * statement, and a lead's row has about twenty.
 */
export const ROWS_PER_STATEMENT = 500;

/** `rows` in consecutive slices of at most `size`. */
export function inSlices<T>(rows: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < rows.length; start += size) slices.push(rows.slice(start, start + size));
  return slices;
}
