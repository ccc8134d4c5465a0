import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
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

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 10 });
    // An idle client that loses its server would otherwise crash the process.
    pool.on("error", (error) => console.error("postgres pool error:", error.message));
    const db = drizzlePostgres({ client: pool, schema, casing: "snake_case" });
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
  const client = new PGlite(config.dataDir, config.startFrom ? { loadDataDir: config.startFrom } : {});
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: "snake_case" });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
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
export async function queryRows<Row>(database: Database, query: SQL): Promise<Row[]> {
  const result = (await database.execute(query)) as { rows: Row[] };
  return result.rows;
}
