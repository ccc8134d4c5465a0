// npm run admin:create -- <email> [--reset-second-factor]
// Creates an owner (the first account of an install, who then invites the team from /admin/staff),
// or sets a new password for an existing account and ends its sessions; with
// --reset-second-factor, also clears its second factor so the next sign-in enrols a new one (an
// owner who lost both phone and recovery codes). The password is read from ADMIN_PASSWORD or
// asked for. The account works on every site SITES names; each change is an access record.
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { upsertAdmin } from "#app/.server/admins.ts";
import { passwordProblem } from "#app/.server/password-policy.ts";
import { setUpDatabase } from "#app/.server/set-up.ts";

const args = process.argv.slice(2);
const resetSecondFactor = args.includes("--reset-second-factor");
const email = z.email().safeParse(args.find((arg) => !arg.startsWith("--"))?.trim());
if (!email.success) {
  console.error("Usage: npm run admin:create -- <email> [--reset-second-factor]   (password from ADMIN_PASSWORD or typed when asked)");
  process.exit(2);
}

const password = process.env.ADMIN_PASSWORD || (await ask("Password (at least 10 characters, not a common one): "));
const problem = passwordProblem(password, { email: email.data });
if (problem) {
  console.error(problem);
  process.exit(2);
}

try {
  const booted = await setUpDatabase({ purpose: "npm run admin:create", seed: false });
  const outcome = await upsertAdmin(email.data, password, { sites: booted.env.SITES.map((site) => site.slug), resetSecondFactor });
  console.log(
    outcome === "created"
      ? "Owner created. At the first sign-in the account enrols an authenticator app (the second factor), then invites the team from /admin/staff."
      : `Password updated; the account's sessions are ended.${resetSecondFactor ? " Its second factor is cleared: the next sign-in enrols a new one." : ""}`,
  );
  await booted.shutdown();
} catch (error) {
  if (error instanceof Error && (error.name === "EnvError" || error.name === "DataDirBusyError")) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

async function ask(question: string) {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await readline.question(question);
  readline.close();
  return answer;
}
