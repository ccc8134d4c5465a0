// server.js runs this before anything else, before a first build of minutes: a wrong value is
// named at once, one line each (app/.server/env.ts), and the server does not start.
import { EnvError, parseEnv } from "#app/.server/env.ts";

try {
  parseEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}
