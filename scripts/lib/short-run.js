// The short mode of the measuring scripts (`--short` or SHORT=1): the same checks on a load small
// enough for `npm run test:scripts` to run every script in seconds, so a change that breaks one
// fails the tests instead of rotting until someone next measures.

export const SHORT = process.argv.includes("--short") || process.env.SHORT === "1";

/** A numeric setting: the environment variable when set, else the short or the full run's value. */
export function setting(name, { full, short }) {
  const value = process.env[name];
  if (value === undefined || value === "") return SHORT ? short : full;
  const number = Number(value);
  if (!Number.isFinite(number)) throw new Error(`${name} must be a number (got ${JSON.stringify(value)})`);
  return number;
}

/**
 * In a short run, says so first, with the load it uses: its figures check that the script works
 * and measure nothing, which a reader of the output (or of a CI log) must not mistake.
 */
export function announceShortRun(load) {
  if (SHORT) console.log(`Short run (--short): ${load}. It checks that the script works; its figures are not a measurement.`);
}
