import { setEnv } from "#app/.server/env.ts";

// Unit files share their worker's process (`isolate: false`, vitest.config.ts): two of them set the
// configuration (attribution, spam), and a file that sets none must read the process's
// environment, as it would in a process of its own. No unit file mocks or spies (`vi`).
setEnv(undefined);
