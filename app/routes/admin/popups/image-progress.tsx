import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** How often a page showing an image in processing asks the server again (the job row is the truth). */
const POLL_MS = 2_000;

/**
 * Reloads the page's data every two seconds while `waiting`, so an image being processed turns
 * ready (or failed) on its own; without scripts a reload shows the same state. The forms on the
 * page keep what was typed: their fields are uncontrolled and their values unchanged.
 */
export function useRevalidateWhile(waiting: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!waiting || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, state, revalidate]);
}
