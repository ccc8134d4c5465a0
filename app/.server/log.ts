/**
 * The server's log lines about errors. Nothing personal or secret may reach the log: a database
 * error carries its query's parameters (names, phone numbers, search terms) and the database
 * quotes the value it refused; a URL may carry a booking's link key. All of that is cut here.
 */

/** An error as one safe block: its name, its message and stack without values, and its cause's code. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return redact(String(error));
  const stack = error.stack ?? `${error.name}: ${error.message}`;
  const cause = error.cause;
  const causeLine =
    cause instanceof Error
      ? `\ncaused by ${cause.name}${"code" in cause && typeof cause.code === "string" ? ` (${cause.code})` : ""}: ${redact(cause.message)}`
      : "";
  return `${redact(stack)}${causeLine}`;
}

function redact(text: string) {
  return (
    text
      // Drizzle's "Failed query: … params: 박서연,01012345678" — the parameters, up to the stack.
      .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, "\nparams: [redacted]")
      // Postgres quotes what it refused: invalid input syntax for type date: "2026-02-31".
      .replace(/"[^"\n]*"/g, '"…"')
      // Key (phone)=(01012345678) already exists.
      .replace(/=\([^)\n]*\)/g, "=(…)")
  );
}

/** A path safe to log: segments that look like keys (a booking's link, a token) are cut. */
export function loggablePath(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/[A-Za-z0-9_.-]{16,}/g, "/…");
  } catch {
    return "(unreadable URL)";
  }
}

export function logError(context: string, error: unknown) {
  console.error(`${context}: ${describeError(error)}`);
}
