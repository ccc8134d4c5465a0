import path from "node:path";
import { countAdmins, upsertAdmin } from "./auth/admins.ts";
import { lockDataDir, localSessionSecret } from "./data-dir.ts";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db.ts";
import { getEnv, type Env } from "./env.ts";
import { setAuditKey, setSessionSecret } from "./secret.ts";
import { seedDemoContent } from "./seed.ts";

export interface Booted {
  env: Env;
  database: DatabaseHandle;
  shutdown(): Promise<void>;
}

/**
 * Opens the database for this process and brings it up to date: takes the PGlite data-folder
 * lock, applies migrations, seeds demo content into an empty database and creates the
 * administrator from ADMIN_EMAIL/ADMIN_PASSWORD (the password rule was checked with the rest of the
 * configuration) when none exists.
 * Scripts pass `seed: false` and their own `purpose` (shown to a second process refused the lock).
 */
export async function setUpDatabase({ purpose = "web server", seed = true } = {}): Promise<Booted> {
  const env = getEnv();
  // SESSION_SECRET, or for a local install one generated once and kept in DATA_DIR.
  setSessionSecret(env.SESSION_SECRET ?? localSessionSecret(env.DATA_DIR));
  setAuditKey(env.AUDIT_KEY);
  const release = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR, purpose);
  let database: DatabaseHandle | undefined;
  try {
    database = env.DATABASE_URL
      ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: path.join(env.DATA_DIR, "pglite") });
    await database.migrate();
    setDatabase(database);
    if (seed) {
      for (const site of env.SITES) await seedDemoContent(site.slug);
      if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && (await countAdmins()) === 0) {
        await upsertAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD, {
          sites: env.SITES.map((site) => site.slug),
          name: env.ADMIN_NAME,
          by: "ADMIN_EMAIL",
        });
        console.log("Created the administrator named in ADMIN_EMAIL, for every site this server presents.");
      }
    }
  } catch (error) {
    await database?.close().catch(() => {});
    release();
    throw error;
  }
  const opened = database;
  return {
    env,
    database: opened,
    async shutdown() {
      setDatabase(undefined);
      await opened.close();
      release();
    },
  };
}
