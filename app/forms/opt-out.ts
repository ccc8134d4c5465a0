/** The public opt-out page's words (/{site}/optout/{token}, a personal link from a text). Client-safe. */
export const OPT_OUT_PAGE_TEXT = {
  title: "광고 문자 수신 거부",
  heading: "광고성 정보 문자 수신 거부",
  intro: (brand: string) => `${brand}에서 보내는 분양 소식 등 광고성 정보 문자를 더 받지 않으시려면 아래 버튼을 눌러 주세요.`,
  number: "받는 번호",
  submit: "수신 거부하기",
  submitting: "처리 중…",
  note: "수신 거부 후에도 방문 예약 안내처럼 신청하신 일에 관한 문자는 받으실 수 있습니다.",
  done: "수신 거부가 처리되었습니다. 처리 결과를 문자로도 보내 드렸습니다.",
  already: "이미 수신 거부된 번호입니다. 광고 문자는 보내 드리지 않습니다.",
  invalid: "주소가 올바르지 않습니다. 받으신 문자의 링크를 다시 눌러 주시거나, 문자에 적힌 무료수신거부 번호로 전화해 주세요.",
  salesPhone: "문의",
} as const;
