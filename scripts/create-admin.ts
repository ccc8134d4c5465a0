// npm run admin:create -- <email> [--name 홍길동] [--reset-second-factor] [--grant-sites daegu,suwon | --all-sites]
// Creates an owner (the first account of an install, who then invites the team from /admin/staff)
// of every site SITES names, or of the sites --grant-sites names. For an existing account it sets a
// new password and ends its sessions, and changes no rights unless told: --grant-sites makes it
// owner of the sites named, --all-sites of every site SITES names. --reset-second-factor also clears
// its second factor so the next sign-in enrols a new one (an owner who lost both phone and recovery
// codes). --name names the person (a new account without it is named by its email's mailbox; an
// existing one is renamed). The password is read from ADMIN_PASSWORD or asked for. Each change is an access record.
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { upsertAdmin } from "#app/.server/auth/admins.ts";
import { passwordProblem } from "#app/.server/auth/password-policy.ts";
import { setUpDatabase } from "#app/.server/set-up.ts";
import { PersonNameSchema } from "#app/forms/staff.ts";
import { startedAsCommand, startFailure, TERMINAL, type CommandOutput } from "./lib/command.ts";

const USAGE =
  "Usage: npm run admin:create -- <email> [--name 홍길동] [--reset-second-factor] [--grant-sites daegu,suwon | --all-sites]   (password from ADMIN_PASSWORD or typed when asked)";

/**
 * The command on the configuration getEnv() reads, with `args` as typed after `--`; `password`
 * is asked only once the arguments make sense. Resolves to the exit status: 0 done, 1 a wrong
 * configuration or a data folder in use, 2 a wrong argument or password. The command line runs it
 * below; a test may call it in its own process (tests/integration/create-admin.test.ts).
 */
export async function createAdmin(
  args: string[],
  { password: readPassword, output }: { password: () => Promise<string>; output: CommandOutput },
): Promise<number> {
  const options = parseArguments(args);
  if (!options) {
    output.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  const problem = passwordProblem(password, { email: options.email, name: options.name });
  if (problem) {
    output.error(problem);
    return 2;
  }
  try {
    const booted = await setUpDatabase({ purpose: "npm run admin:create", seed: false });
    try {
      const served = booted.env.SITES.map((site) => site.slug);
      const unknown = options.grant === "all" ? [] : options.grant.filter((site) => !served.includes(site));
      if (unknown.length > 0) {
        output.error(`--grant-sites names a site this server does not present: ${unknown.join(", ")} (SITES: ${served.join(", ")}).`);
        return 2;
      }
      const grantSites = options.grant === "all" ? served : options.grant;
      const outcome = await upsertAdmin(options.email, password, {
        sites: served,
        name: options.name,
        grantSites,
        resetSecondFactor: options.resetSecondFactor,
      });
      output.out(
        outcome === "created"
          ? `Owner created for ${(grantSites.length > 0 ? grantSites : served).join(", ")}. At the first sign-in the account enrols an authenticator app (the second factor), then invites the team from /admin/staff.`
          : [
              "Password updated; the account's sessions are ended.",
              grantSites.length > 0
                ? `It is an owner of ${grantSites.join(", ")}; its other sites are as they were.`
                : "Its sites and roles are unchanged.",
              options.resetSecondFactor ? "Its second factor is cleared: the next sign-in enrols a new one." : "",
            ]
              .filter(Boolean)
              .join(" "),
      );
      return 0;
    } finally {
      await booted.shutdown();
    }
  } catch (error) {
    return startFailure(error, output);
  }
}

if (startedAsCommand(import.meta.filename)) {
  process.exitCode = await createAdmin(process.argv.slice(2), {
    async password() {
      const password = process.env.ADMIN_PASSWORD || (await ask("Password (at least 10 characters, not a common one): "));
      // Here ADMIN_PASSWORD is this command's input, not the server's first owner: the configuration
      // check would refuse it without ADMIN_EMAIL.
      delete process.env.ADMIN_PASSWORD;
      return password;
    },
    output: TERMINAL,
  });
}

/** The command's arguments, or null when they do not make sense together. */
function parseArguments(args: string[]) {
  let email: string | undefined;
  let grant: string[] | "all" = [];
  let resetSecondFactor = false;
  let name: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [flag, inline] = arg.startsWith("--") ? (arg.split(/=(.*)/s, 2) as [string, string | undefined]) : [arg, undefined];
    if (flag === "--reset-second-factor" && inline === undefined) resetSecondFactor = true;
    else if (flag === "--name" && name === undefined) {
      name = (inline ?? args[++index] ?? "").trim();
      if (!PersonNameSchema.safeParse(name).success) return null;
    } else if (flag === "--all-sites" && inline === undefined && grant.length === 0) grant = "all";
    else if (flag === "--grant-sites" && grant.length === 0) {
      const list = inline ?? args[++index] ?? "";
      grant = list
        .split(",")
        .map((site) => site.trim())
        .filter(Boolean);
      if (grant.length === 0) return null;
    } else if (!flag.startsWith("--") && email === undefined) email = flag;
    else return null;
  }
  const parsed = z.email().safeParse(email?.trim());
  return parsed.success ? { email: parsed.data, name, grant, resetSecondFactor } : null;
}

async function ask(question: string) {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await readline.question(question);
  readline.close();
  return answer;
}
