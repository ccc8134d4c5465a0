import { expect, test } from "vitest";
import { startPollingWorker } from "./polling-worker.ts";

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test("a pass repeats its step while it finds work, then runs what follows a pass once", async () => {
  let work = 3;
  const done: string[] = [];
  const worker = startPollingWorker({
    intervalMs: 60_000,
    log: () => {},
    failure: "failed",
    step: async () => {
      if (work === 0) return false;
      work -= 1;
      done.push("step");
      return true;
    },
    afterPass: async () => {
      done.push("after");
    },
  });
  await settle();
  expect(done).toEqual(["step", "step", "step", "after"]);
  await worker.stop();
});

test("waking it looks for work at once instead of at the next poll", async () => {
  let work = 0;
  let steps = 0;
  const worker = startPollingWorker({
    intervalMs: 60_000,
    log: () => {},
    failure: "failed",
    step: async () => {
      steps += 1;
      if (work === 0) return false;
      work -= 1;
      return true;
    },
  });
  await settle();
  work = 2;
  worker.wake();
  await settle();
  expect(work).toBe(0);
  expect(steps).toBe(4);
  await worker.stop();
});

test("a failed pass is logged and tried again at the next poll; stopping waits for the pass and ends the polls", async () => {
  const logged: string[] = [];
  let calls = 0;
  let stoppedWith: unknown;
  const worker = startPollingWorker({
    intervalMs: 10,
    log: (context) => logged.push(context),
    failure: "the pass failed",
    step: async () => {
      calls += 1;
      if (calls === 1) throw new Error("database restarting");
      return false;
    },
    onStop: (stopped) => (stoppedWith = stopped),
  });
  await settle();
  expect(logged).toEqual(["the pass failed"]);
  expect(calls).toBeGreaterThan(1);
  await worker.stop();
  const after = calls;
  await settle();
  expect(calls).toBe(after);
  expect(stoppedWith).toBe(worker);
});
