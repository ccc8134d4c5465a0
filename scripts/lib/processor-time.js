import fs from "node:fs";

/** Linux's USER_HZ, the unit of /proc's processor times: 100 on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/**
 * User + system seconds of the processes this one has waited for, and theirs (Linux's
 * /proc/self/stat, cutime + cstime): a step's share is the difference across it. A process counts
 * only once its parent has waited for it, so Chromium's renderers (children of its zygote) mostly
 * escape the figure (decision 023, fifth round). 0 where there is no /proc.
 */
export function childrenProcessorSeconds() {
  try {
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // After the command's name: state is field 3 of the man page, cutime 16 and cstime 17.
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
