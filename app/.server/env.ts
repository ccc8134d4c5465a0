import { z } from "zod";
import { sitePacks, DEFAULT_SITE } from "#app/content/index.ts";
import { passwordProblem } from "./auth/password-policy.ts";

/** Empty strings in a .env file mean "not set", as they do for most tools. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const EnvSchema = z
  .object({
    NODE_ENV: optional(z.enum(["production", "development", "test"])).transform((value) => value ?? "development"),
    PORT: optional(z.coerce.number().int().min(1).max(65535)).transform((value) => value ?? 3000),
    DATA_DIR: optional(z.string()).transform((value) => value ?? "./data"),
    DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
    SITE_URL: optional(z.url({ protocol: /^https?$/ })),
    SESSION_SECRET: optional(z.string().min(32)),
    // Keys the access records' hash chain; derived from the session secret when unset.
    AUDIT_KEY: optional(z.string().min(32)),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(10)),
    // The first owner's name as the console shows it; without it, the email's mailbox (changed later in 내 계정).
    ADMIN_NAME: optional(z.string().trim().min(1).max(50)),
    TRUST_PROXY: optional(z.coerce.number().int().min(0).max(10)).transform((value) => value ?? 0),
    // Staff accounts: how long an unused console session lives, and how long access records are kept.
    ADMIN_IDLE_MINUTES: optional(z.coerce.number().int().min(5).max(720)).transform((value) => value ?? 30),
    AUDIT_RETENTION_DAYS: optional(z.coerce.number().int().min(365).max(3650)).transform((value) => value ?? 730),
    // The page cache's memory for public pages, in MB (0 turns it off: every page rendered anew).
    PAGE_CACHE_MB: optional(z.coerce.number().int().min(0).max(4096)).transform((value) => value ?? 64),
    // The sites one server presents: SITES, or for one site the SITE/SITE_URL shorthand.
    SITES: optional(z.string()),
    SITE: optional(
      z.string().refine((slug) => slug in sitePacks, {
        message: `must be one of: ${Object.keys(sitePacks).join(", ")}`,
      }),
    ),
    // Leads area: form limits and SMS delivery.
    E2E: optional(z.enum(["0", "1"])).transform((value) => value === "1"),
    LEADS_RATE_LIMIT: optional(z.enum(["on", "off"])),
    SMS_PROVIDER: optional(z.enum(["log", "webhook", "solapi"])).transform((value) => value ?? "log"),
    // Browser tests only (E2E=1): advertising is not held 21:00–08:00, so a campaign can be watched at any hour.
    ADVERTISING_QUIET_HOURS: optional(z.enum(["on", "off"])).transform((value) => value ?? "on"),
    // How often each campaign puts its next batch of texts into the outbox (app/.server/campaigns/pacing.ts).
    CAMPAIGN_BATCH_INTERVAL_MS: optional(z.coerce.number().int().min(100).max(3_600_000)).transform((value) => value ?? 30_000),
    SMS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
    SOLAPI_API_KEY: optional(z.string().min(1)),
    SOLAPI_API_SECRET: optional(z.string().min(1)),
    SOLAPI_WEBHOOK_SECRET: optional(z.string().min(32)),
    SMS_SENDER: optional(z.string().regex(/^[0-9-]{8,14}$/)).transform((value) => value?.replace(/\D/g, "")),
    // Who processes the leads' data for the office, named on /privacy (app/.server/privacy.ts): the
    // host of the server, the host of the database (when another), and a webhook's text provider.
    HOSTING_PROVIDER: optional(z.string().trim().min(1).max(100)),
    DATABASE_PROVIDER: optional(z.string().trim().min(1).max(100)),
    SMS_WEBHOOK_PROVIDER: optional(z.string().trim().min(1).max(100)),
    SMS_STAFF_TO: optional(z.string().regex(/^01[0-9][0-9-]{7,10}(\s*,\s*01[0-9][0-9-]{7,10})*$/)).transform(
      (value) => value?.split(",").map((phone) => phone.replace(/\D/g, "")) ?? [],
    ),
  })
  .superRefine((env, ctx) => {
    if (env.SITES && (env.SITE || env.SITE_URL)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SITE ? "SITE" : "SITE_URL"],
        message: "must not be set together with SITES (SITES names every site)",
      });
    }
    if (env.NODE_ENV === "production" && env.LEADS_RATE_LIMIT === "off") {
      ctx.addIssue({ code: "custom", path: ["LEADS_RATE_LIMIT"], message: "must not be off when NODE_ENV=production" });
    }
    if (env.ADVERTISING_QUIET_HOURS === "off" && !env.E2E) {
      ctx.addIssue({ code: "custom", path: ["ADVERTISING_QUIET_HOURS"], message: "may be off only in browser tests (E2E=1)" });
    }
    if (env.SMS_PROVIDER === "webhook" && !env.SMS_WEBHOOK_URL) {
      ctx.addIssue({ code: "custom", path: ["SMS_WEBHOOK_URL"], message: "is required when SMS_PROVIDER=webhook" });
    }
    if (env.SMS_PROVIDER === "solapi") {
      for (const name of ["SOLAPI_API_KEY", "SOLAPI_API_SECRET", "SMS_SENDER"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when SMS_PROVIDER=solapi" });
      }
    }
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
    // Checked here, before a first build of minutes, and not only when the owner is created.
    const problem =
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD && passwordProblem(env.ADMIN_PASSWORD, { email: env.ADMIN_EMAIL, name: env.ADMIN_NAME });
    if (problem) ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: `is refused: ${problem}` });
  });

/** One site the server presents: its content pack and the origins it answers on (the first is canonical). */
export interface SiteAddress {
  slug: string;
  /** scheme://host[:port]: every absolute URL of the site uses it. */
  origin: string;
  /** Every origin the site answers on: the canonical one first, then any alias (www., an old domain). */
  origins: string[];
}

export type Env = Omit<z.infer<typeof EnvSchema>, "SITES" | "SITE" | "SITE_URL"> & { SITES: SiteAddress[] };

/**
 * Without SITES or SITE_URL the server is a local run, opened as http://localhost:PORT or by the
 * loopback address a terminal printed: all three name this machine, so the numeric ones are
 * aliases of localhost (the canonical origin).
 */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses the environment; bad values throw an EnvError whose message has one line naming each. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    // Every wrong value at once, one line each, so a first start is not a round of fixes.
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const shown = source[name] === undefined ? "" : ` (got ${JSON.stringify(redact(name, source[name]))})`;
      const description = issue.code === "custom" ? issue.message : (EXPECTED[name] ?? issue.message);
      return `Invalid configuration: ${name} ${description}${shown}`;
    });
    throw new EnvError([...new Set(lines)].join("\n"));
  }
  const { SITES, SITE, SITE_URL, ...env } = result.data;
  const slug = SITE ?? DEFAULT_SITE;
  const pairs = SITES ?? (SITE_URL ? `${slug}@${SITE_URL}` : LOOPBACK_HOSTS.map((host) => `${slug}@http://${host}:${env.PORT}`).join(","));
  return { ...env, SITES: parseSites(pairs, SITES ? "SITES" : SITE_URL ? "SITE_URL" : "SITE", source) };
}

/**
 * "daegu@https://daegu.example.kr,suwon@https://suwon.example.kr": one content pack per origin.
 * A slug may come back with another origin (an alias such as www.): its first origin is canonical.
 */
function parseSites(pairs: string, name: string, source: Record<string, string | undefined>): SiteAddress[] {
  const sites = new Map<string, SiteAddress>();
  const claimed = new Set<string>();
  const refuse = (description: string) => {
    throw new EnvError(`Invalid configuration: ${name} ${description} (got ${JSON.stringify(source[name] ?? pairs)})`);
  };
  for (const pair of pairs
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)) {
    const at = pair.indexOf("@");
    const slug = pair.slice(0, at);
    if (at <= 0 || !Object.hasOwn(sitePacks, slug)) {
      refuse(
        `must be comma-separated slug@origin pairs naming content packs (${Object.keys(sitePacks).join(", ")}), e.g. daegu@https://daegu.example.kr`,
      );
    }
    let url: URL;
    try {
      url = new URL(pair.slice(at + 1));
    } catch {
      return refuse(`has an origin that is not a URL: ${pair}`);
    }
    const origin = url.origin;
    if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.href.replace(/\/$/, "") !== origin) {
      refuse(`must name origins only (http:// or https://, host and port, no path): ${pair}`);
    }
    const host = url.host.toLowerCase();
    if (claimed.has(host)) refuse(`names the host ${host} twice`);
    claimed.add(host);
    const site = sites.get(slug);
    if (site) site.origins.push(origin);
    else sites.set(slug, { slug, origin, origins: [origin] });
  }
  if (sites.size === 0) refuse("must name at least one site");
  return [...sites.values()];
}

const EXPECTED: Record<string, string> = {
  NODE_ENV: "must be production, development or test",
  PORT: "must be a whole number from 1 to 65535",
  DATABASE_URL: "must be a postgres:// or postgresql:// connection URL",
  SITE_URL: "must be an http:// or https:// origin, e.g. https://www.example.co.kr",
  SITES: "must be comma-separated slug@origin pairs, e.g. daegu@https://daegu.example.kr",
  SESSION_SECRET: "must be at least 32 characters long",
  AUDIT_KEY: "must be at least 32 characters long",
  ADMIN_EMAIL: "must be an email address",
  ADMIN_PASSWORD: "must be at least 10 characters long",
  ADMIN_NAME: "must be a name of 1 to 50 characters",
  TRUST_PROXY: "must be the number of proxies in front of the server, 0 to 10",
  ADMIN_IDLE_MINUTES: "must be the minutes an unused console session lives, 5 to 720",
  AUDIT_RETENTION_DAYS: "must be the days access records are kept, 365 (the legal minimum) to 3650",
  PAGE_CACHE_MB: "must be the page cache's size in MB, 0 (off) to 4096",
  E2E: "must be 0 or 1",
  LEADS_RATE_LIMIT: "must be on or off",
  SMS_PROVIDER: "must be log, webhook or solapi",
  ADVERTISING_QUIET_HOURS: "must be on or off",
  CAMPAIGN_BATCH_INTERVAL_MS: "must be milliseconds between 100 and 3600000",
  SMS_WEBHOOK_URL: "must be an http:// or https:// URL",
  SMS_SENDER: "must be the registered sender number, e.g. 16610000",
  SOLAPI_WEBHOOK_SECRET: "must be at least 32 characters long",
  HOSTING_PROVIDER: "must be the hosting company's name, up to 100 characters",
  DATABASE_PROVIDER: "must be the database host's company name, up to 100 characters",
  SMS_WEBHOOK_PROVIDER: "must be the text provider's company name, up to 100 characters",
  SMS_STAFF_TO: "must be comma-separated mobile numbers, e.g. 01012345678,01098765432",
};

function redact(name: string, value: string | undefined) {
  return /SECRET|PASSWORD|DATABASE_URL|API_KEY|AUDIT_KEY|WEBHOOK_URL/.test(name) ? "…" : value;
}

let current: Env | undefined;

/** The validated environment of this process; parsed once, at boot. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

/**
 * For tests and scripts that build their own configuration; `undefined` forgets it, and the next
 * getEnv() reads the process's environment again (a test file that sets none starts from there).
 */
export function setEnv(env: Env | undefined) {
  current = env;
}
