/** "2026. 11. 22." — the press list's date, in Seoul whatever the server's or the browser's zone. */
export function formatPressDate(date: Date) {
  return date.toLocaleDateString("ko-KR", {
    timeZone: "Asia/Seoul",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  });
}

/** "2026. 11. 22. 09:15" — an article's date and time. */
export function formatPressDateTime(date: Date) {
  const time = date.toLocaleTimeString("ko-KR", {
    timeZone: "Asia/Seoul",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${formatPressDate(date)} ${time}`;
}

/** Line breaks divide an article's paragraphs; blank lines add nothing. */
export function pressParagraphs(content: string) {
  return content.split("\n").filter((line) => line.trim() !== "");
}
