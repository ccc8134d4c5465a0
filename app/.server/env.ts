import { z } from "zod";
import { sitePacks, DEFAULT_SITE } from "#app/content/index.ts";

/** Empty strings in a .env file mean "not set", as they do for most tools. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(["production", "development", "test"])).transform(
      (value) => value ?? "development",
    ),
    PORT: optional(z.coerce.number().int().min(1).max(65535)).transform((value) => value ?? 3000),
    DATA_DIR: optional(z.string()).transform((value) => value ?? "./data"),
    DATABASE_URL: optional(
z.url({ protocol: /^postgres(ql)?$/ })
    ),
    SITE_URL: optional(z.url({ protocol: /^https?$/ })),
    SESSION_SECRET: optional(z.string().min(32)),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(10)),
    SITE: optional(
      z
        .string()
        .refine((slug) => slug in sitePacks, {
          message: `must be one of: ${Object.keys(sitePacks).join(", ")}`,
        }),
    ).transform((value) => value ?? DEFAULT_SITE),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when NODE_ENV=production",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "must be set together with the other of ADMIN_EMAIL / ADMIN_PASSWORD",
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & { SITE_URL: string };

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; a bad value throws an EnvError whose message is one line naming it. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const shown = source[name] === undefined ? "" : ` (got ${JSON.stringify(redact(name, source[name]))})`;
    const description = issue.code === "custom" ? issue.message : (EXPECTED[name] ?? issue.message);
    throw new EnvError(`Invalid configuration: ${name} ${description}${shown}`);
  }
  const env = result.data;
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

const EXPECTED: Record<string, string> = {
  NODE_ENV: "must be production, development or test",
  PORT: "must be a whole number from 1 to 65535",
  DATABASE_URL: "must be a postgres:// or postgresql:// connection URL",
  SITE_URL: "must be an http:// or https:// origin, e.g. https://www.example.co.kr",
  SESSION_SECRET: "must be at least 32 characters long",
  ADMIN_EMAIL: "must be an email address",
  ADMIN_PASSWORD: "must be at least 10 characters long",
};

function redact(name: string, value: string | undefined) {
  return /SECRET|PASSWORD|DATABASE_URL/.test(name) ? "…" : value;
}

let current: Env | undefined;

/** The validated environment of this process; parsed once, at boot. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

/** For tests and scripts that build their own configuration. */
export function setEnv(env: Env) {
  current = env;
}
