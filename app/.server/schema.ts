import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/** The one Postgres schema, shared by PGlite and PostgreSQL. Generate migrations with `npm run db:generate`. */

export const admins = pgTable("admins", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  email: varchar({ length: 254 }).notNull().unique(),
  passwordHash: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const pressArticles = pgTable(
  "press_articles",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    site: varchar({ length: 64 }).notNull(),
    title: varchar({ length: 200 }).notNull(),
    summary: varchar({ length: 1000 }).notNull(),
    content: text().notNull().default(""),
    date: timestamp({ withTimezone: true }).notNull().defaultNow(),
    views: integer().notNull().default(0),
  },
  (table) => [
    // Keyset paging walks (date, id) backwards within one site; a plain ascending index serves it.
    index("press_articles_site_date_id_idx").on(table.site, table.date, table.id),
  ],
);

