import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/.server/db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated database on the test PostgreSQL server that each test worker's database is copied from (tests/db.ts). */
    postgresTemplate: string;
  }
}

const TEMPLATE = "test_template";

/**
 * Migrates one database on the test PostgreSQL server before the files run; each worker's database
 * is then `create database … template` of it, a copy of its files, instead of running every migration
 * again (tests/db.ts). The server is the run's own (scripts/test-integration.js), removed after it.
 */
export default async function makePostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (!serverUrl) return;
  await withServer(serverUrl, async (client) => {
    await client.query(`drop database if exists ${TEMPLATE}`);
    await client.query(`create database ${TEMPLATE}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${TEMPLATE}`;
  // A copy needs the template without connections: the handle is closed before any file starts.
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide("postgresTemplate", TEMPLATE);
}

async function withServer(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
