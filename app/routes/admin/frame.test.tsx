import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { ConsoleErrorPage } from "./frame.tsx";

/** The page as React Router renders it, at /admin/nope. */
function render(page: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/*", Component: () => page }]);
  return renderToString(<Stub initialEntries={["/admin/nope"]} />);
}

// What an error boundary receives for a thrown `data(message, { status })`.
const routeError = (status: number, message: string) => ({ status, statusText: "", internal: false, data: message });

describe("the console's error card", () => {
  test("with the layout's data, shows the person's menu and leads to their first page", () => {
    const html = render(
      <ConsoleErrorPage
        error={routeError(404, "없는 화면입니다.")}
        frame={{ person: "김상담", role: "상담사", nav: [{ to: "/admin/today", label: "오늘 할 일", group: "customers", end: false }] }}
      />,
    );
    expect(html).toContain("없는 화면입니다.");
    expect(html).toContain('aria-label="관리자 메뉴"');
    expect(html).toMatch(/<a[^>]* href="\/admin\/today"[^>]*>오늘 할 일로<\/a>/);
  });

  test("without it (the layout's own loader failed), has no menu, so it opens no live stream for nobody, and leads to the console", () => {
    const html = render(<ConsoleErrorPage error={new Error("database unavailable")} />);
    expect(html).toContain("일시적인 오류가 발생했습니다");
    expect(html).not.toContain("관리자 메뉴");
    expect(html).toMatch(/<a[^>]* href="\/admin"[^>]*>관리자 화면으로<\/a>/);
  });
});
