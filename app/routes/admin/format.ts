/** The first `max` characters of a message on one line, with an ellipsis when cut. */
export function shorten(text: string, max = 40) {
  const line = text.replace(/\s+/g, " ").trim();
  const letters = [...line];
  return letters.length > max ? `${letters.slice(0, max).join("")}…` : line;
}
