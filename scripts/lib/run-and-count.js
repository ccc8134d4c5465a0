// node scripts/lib/run-and-count.js <script> [args…] — runs one script with our output, then sends
// its parent (over the IPC channel) the processor seconds it and the processes it waited for used.
// A parent running several scripts at once cannot tell their shares apart from its own children's
// times; each script's own runner can (scripts/test-scripts.js).
import { spawnSync } from "node:child_process";
import { childrenProcessorSeconds } from "./processor-time.js";

const [file, ...args] = process.argv.slice(2);
const result = spawnSync(process.execPath, [file, ...args], { stdio: "inherit" });
const status = result.status ?? result.signal ?? result.error?.message;
process.send?.({ status, processorSeconds: childrenProcessorSeconds() }, () => process.exit(0));
if (!process.send) process.exit(typeof status === "number" ? status : 1);
