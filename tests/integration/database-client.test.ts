import { sql, type SQL } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { db, queryRows } from "#app/.server/db.ts";
import { withTestDatabase } from "#tests/db.ts";

/**
 * What the app asks of its database client, the same on both databases. On PGlite the app talks to
 * PostgreSQL through its own one-message client (app/.server/db.ts, `oneExchangeStatements`,
 * decision 037's fifth pass), which leans on PGlite's protocol-level methods: a PGlite upgrade that
 * changes them fails here first.
 */

withTestDatabase({ empty: "once" });

// Tables of these tests' own (not temporary: on PostgreSQL each statement may take another of the
// pool's connections), gone with the file.
const TABLES = ["client_probe", "client_transactions", "client_aborted", "client_order"];
afterAll(async () => {
  for (const table of TABLES) await db().execute(sql.raw(`drop table if exists ${table}`));
});

const rowsOf = <T>(query: SQL) => queryRows<T>(db(), query);

describe("the database client", () => {
  test("parameters keep their values: text, numbers, booleans, nulls, dates, JSON and arrays", async () => {
    const at = new Date("2026-11-27T05:06:07.089Z");
    const [row] = await rowsOf<Record<string, unknown>>(
      sql`select ${"김온빛 'quoted' \\ text"}::text as text, ${42}::int as number, ${true}::boolean as yes, ${null}::text as nothing,
        ${at}::timestamptz as at, ${JSON.stringify({ 동: "101", 층: 12 })}::jsonb as json, ${sql.param(["59A", "84B"])}::text[] as types`,
    );
    expect(row).toEqual({
      text: "김온빛 'quoted' \\ text",
      number: 42,
      yes: true,
      nothing: null,
      at: expect.anything(),
      json: { 동: "101", 층: 12 },
      types: ["59A", "84B"],
    });
    expect(new Date(row!.at as string).toISOString()).toBe(at.toISOString());
  });

  test("a failing statement throws PostgreSQL's error with its code, and the next statement runs", async () => {
    await db().execute(sql`create table if not exists client_probe (id int primary key)`);
    await db().execute(sql`insert into client_probe values (1)`);
    await expect(db().execute(sql`insert into client_probe values (1)`)).rejects.toSatisfy((error: unknown) => codeOf(error) === "23505");
    expect(await rowsOf(sql`select count(*)::int as n from client_probe`)).toEqual([{ n: 1 }]);
  });

  test("a transaction whose work throws is rolled back, and one that ends is committed", async () => {
    await db().execute(sql`create table if not exists client_transactions (id int primary key)`);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into client_transactions values (1)`);
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into client_transactions values (2)`);
    });
    expect(await rowsOf(sql`select id from client_transactions order by id`)).toEqual([{ id: 2 }]);
  });

  test("a statement that fails inside a transaction rolls the whole transaction back", async () => {
    await db().execute(sql`create table if not exists client_aborted (id int primary key)`);
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into client_aborted values (1)`);
        await tx.execute(sql`insert into client_aborted values (1)`);
      }),
    ).rejects.toSatisfy((error: unknown) => codeOf(error) === "23505");
    expect(await rowsOf(sql`select count(*)::int as n from client_aborted`)).toEqual([{ n: 0 }]);
    // The connection is usable again: the failed transaction did not leave it aborted.
    expect(await rowsOf(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  test("statements sent at once outside a transaction wait for the transaction in progress", async () => {
    await db().execute(sql`create table if not exists client_order (step text)`);
    const transaction = db().transaction(async (tx) => {
      await tx.execute(sql`insert into client_order values ('in the transaction')`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into client_order values ('still in it')`);
    });
    const outside = rowsOf<{ n: number }>(sql`select count(*)::int as n from client_order`);
    await transaction;
    // On PGlite (one connection) the read waits for the commit and sees both rows; on PostgreSQL it
    // reads from its own connection and sees none of the uncommitted ones. Never just one.
    const [counted] = await outside;
    expect([0, 2]).toContain(counted?.n);
  });
});

/** PostgreSQL's SQLSTATE, on the error itself or on the driver's error Drizzle wraps. */
function codeOf(error: unknown): string | undefined {
  const found = error as { code?: string; cause?: { code?: string } };
  return found.code ?? found.cause?.code;
}
