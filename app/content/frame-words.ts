/** Words of the site frame that are the same for every pack. */

/** The footer's link to the privacy policy (/privacy), on every page. */
export const PRIVACY_LINK_LABEL = "개인정보처리방침";

/** Every 방문예약 button (header, slide menu, footer, the phone's bottom bar): each opens the time-slot booking page. */
export const VISIT_LINK_LABEL = "방문예약";

/** The error screens (the site frame's and the bare root one). */
export const ERROR_PAGE = {
  notFound: {
    heading: "페이지를 찾을 수 없습니다",
    message: "주소가 바뀌었거나 삭제된 페이지일 수 있습니다. 주소를 다시 확인해 주세요.",
  },
  failed: {
    heading: "일시적인 오류가 발생했습니다",
    message: "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  },
  /** A 4xx other than 404 brings its own sentence (the console's refusals); these head it. */
  forbidden: "권한이 없습니다",
  refused: "요청을 처리할 수 없습니다",
  home: "홈으로 돌아가기",
  /** Where an error page under /admin leads back to. */
  console: "관리자 화면으로",
} as const;
