/** A background loop of one process: the outbox's sender, the image processor. */
export interface PollingWorker {
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Finishes the pass in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs a pass every `intervalMs`, and whenever woken, until stopped. A pass repeats `step` while it
 * finds work (or was woken meanwhile), then runs `afterPass`; passes never overlap, and a failed
 * one (the database restarting) is logged and tried again at the next poll. Several instances may
 * each run one: the steps claim their rows, so no two do the same work.
 */
export function startPollingWorker({
  intervalMs,
  step,
  afterPass,
  log,
  failure,
  onStop,
}: {
  intervalMs: number;
  /** Does one piece of work; true when there was some (so there may be more). */
  step: () => Promise<boolean>;
  afterPass?: () => Promise<void>;
  log: (context: string, error: unknown) => void;
  /** What the log says when a pass fails. */
  failure: string;
  onStop?: (worker: PollingWorker) => void;
}): PollingWorker {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pass: Promise<void> | undefined;
  let again = false;

  const run = () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    clearTimeout(timer);
    pass = (async () => {
      try {
        let found: boolean;
        do {
          again = false;
          found = await step();
        } while (!stopped && (again || found));
        await afterPass?.();
      } catch (error) {
        log(failure, error);
      } finally {
        pass = undefined;
        if (!stopped) timer = setTimeout(run, intervalMs);
      }
    })();
  };

  const worker: PollingWorker = {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
      onStop?.(worker);
    },
  };
  timer = setTimeout(run, 0);
  return worker;
}
