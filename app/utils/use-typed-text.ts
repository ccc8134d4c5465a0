import { useEffect, useRef, useState } from "react";

/**
 * State for a controlled text field (one whose value the page also shows, like a text's length)
 * that keeps what was typed before the page's script ran. Hydration leaves the typed text in the
 * box but the state at its server value, and React writes the state back into the box on the
 * next render (any live reload of the page's data), so a counsellor's message on a slow phone
 * would vanish, or be posted empty. On hydration the state adopts the box's value instead.
 */
export function useTypedText<Element extends HTMLTextAreaElement | HTMLInputElement>(initial: string) {
  const [text, setText] = useState(initial);
  const ref = useRef<Element>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== initial) setText(typed);
    // Only once, when the script takes over the box the server sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [text, setText, ref] as const;
}
