import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
}

/**
 * Takes the data folder for this process. Two processes opening one PGlite directory corrupt it
 * silently, so a second server or script is refused while the first holds the lock. A lock left
 * by a process that no longer runs (kill -9, power loss) is taken over.
 */
export function lockDataDir(dataDir: string, purpose: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "pglite.lock");
  const mine = JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      if (holder && isRunning(holder.pid)) {
        throw new DataDirBusyError(
          `The data folder ${path.resolve(dataDir)} is in use by process ${holder.pid} (${holder.purpose}). ` +
            `Stop it first, or set DATA_DIR to another folder; PGlite cannot be opened by two processes.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirBusyError(`Could not take the lock ${lockPath}; another process is starting.`);
}

function readHolder(lockPath: string): { pid: number; purpose: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(lockPath, "utf8"));
    if (parsed && typeof parsed === "object" && "pid" in parsed && typeof parsed.pid === "number") {
      return { pid: parsed.pid, purpose: "purpose" in parsed ? String(parsed.purpose) : "unknown" };
    }
  } catch {
    // Unreadable or half-written: treated as stale.
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The session secret for a local install: generated once, kept beside the data. */
export function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
