import path from "node:path";

/** Where an operator's command writes: the terminal when run, a test's lines when a test calls it. */
export interface CommandOutput {
  out(line: string): void;
  error(line: string): void;
}

export const TERMINAL: CommandOutput = { out: (line) => console.log(line), error: (line) => console.error(line) };

/**
 * Whether the module at `moduleFile` (its `import.meta.filename`) is the command this process was
 * started for, not a module a test imported to call the command in its own process.
 */
export function startedAsCommand(moduleFile: string) {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === moduleFile;
}

/**
 * A command's start that failed: a wrong configuration or a data folder in use is its message and
 * exit status 1; anything else is a fault and is thrown.
 */
export function startFailure(error: unknown, output: CommandOutput): number {
  if (error instanceof Error && (error.name === "EnvError" || error.name === "DataDirBusyError")) {
    output.error(error.message);
    return 1;
  }
  throw error;
}
