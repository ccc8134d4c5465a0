// npm run admin:create -- <email>   (the password is read from ADMIN_PASSWORD or asked for)
// Creates an administrator, or sets a new password for an existing one; the account works on every
// site SITES names (or the one site SITE names).
import { createInterface } from "node:readline/promises";
import { z } from "zod";
import { upsertAdmin } from "#app/.server/admins.ts";
import { setUpDatabase } from "#app/.server/set-up.ts";

const email = z.email().safeParse(process.argv[2]?.trim());
if (!email.success) {
  console.error("Usage: npm run admin:create -- <email>   (password from ADMIN_PASSWORD or typed when asked)");
  process.exit(2);
}

const password = process.env.ADMIN_PASSWORD || (await ask("Password (at least 10 characters): "));
if (password.length < 10) {
  console.error("The password must be at least 10 characters long.");
  process.exit(2);
}

try {
  const booted = await setUpDatabase({ purpose: "npm run admin:create", seed: false });
  const outcome = await upsertAdmin(email.data, password, { sites: booted.env.SITES.map((site) => site.slug) });
  console.log(outcome === "created" ? "Administrator created." : "Administrator password updated.");
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
