import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False during server rendering and hydration, true after: what the server sent works on its own
 * (native form checks, plain links), and the browser adds behaviour once scripts run.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
