export interface PeriodicTask {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` after `firstRunMs`, then every `intervalMs` after each run ends (runs never
 * overlap). A failed run is reported and the schedule goes on. The timer alone never keeps a
 * stopping process alive.
 */
export function startPeriodicTask({
  task,
  firstRunMs,
  intervalMs,
  onError,
}: {
  task: () => Promise<void>;
  firstRunMs: number;
  intervalMs: number;
  onError: (error: unknown) => void;
}): PeriodicTask {
  let stopped = false;
  let running: Promise<void> | undefined;
  let current: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay: number) => {
    const timer = setTimeout(() => {
      running = task()
        .catch(onError)
        .finally(() => {
          running = undefined;
          if (!stopped) schedule(intervalMs);
        });
    }, delay);
    timer.unref();
    current = timer;
  };
  schedule(firstRunMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(current);
      await running;
    },
  };
}
