// The words of the pages a booking's and a waitlist entry's own links open. Apart from the visit
// form's module (visit.ts), which travels in the form's chunk to every page with the form
// (vite.config.ts): those pages need none of this.

/** The page a booking's personal link opens (/{site}/visit/{token}). */
export const VISIT_CANCEL_TEXT = {
  title: "방문 예약 확인·취소",
  heading: "견본주택 방문 예약",
  visitor: "예약자",
  when: "방문 일시",
  party: "방문 인원",
  people: (count: number) => `${count}명`,
  where: "견본주택",
  salesPhone: "분양문의",
  confirm: "일정이 맞지 않으시면 예약을 취소하실 수 있습니다. 취소하신 자리는 다른 분께 돌아갑니다.",
  cancel: "예약 취소하기",
  /** The step that asks before cancelling (a page of its own, so it works without scripts). */
  confirmQuestion: (when: string) => `${when} 방문 예약을 취소하시겠습니까?`,
  confirmNote: "취소하시면 이 시간의 자리는 다른 분께 돌아가고, 취소 안내를 문자로 보내 드립니다.",
  confirmYes: "예, 예약을 취소합니다",
  confirmNo: "아니요, 예약을 유지합니다",
  cancelling: "취소하는 중…",
  cancelled: "방문 예약이 취소되었습니다. 취소 안내를 문자로 보내 드렸습니다.",
  bookAgain: "다른 날짜로 다시 예약하기",
  expired: "방문 일시가 지나 이 링크는 더 이상 쓸 수 없습니다.",
  invalid: "예약을 찾을 수 없습니다. 문자로 받으신 링크 주소가 모두 입력되었는지 확인해 주세요.",
  otherStatus: "이 예약은 이미 방문 처리되어 취소할 수 없습니다. 도움이 필요하시면 대표번호로 연락해 주세요.",
  change: "다른 시간으로 변경",
  changeIntro: "방문 시간을 바꾸시려면 새 날짜와 시간을 고른 뒤 변경해 주세요.",
  changeSubmit: "이 시간으로 변경하기",
  changing: "변경하는 중…",
  changed: "방문 일시가 변경되었습니다. 새 예약 내용을 문자로 보내 드렸습니다.",
  cancelHeading: "예약 취소",
  entryHeading: "입장 QR",
  entryIntro: "견본주택 입구에서 이 QR을 보여 주시면 바로 입장 확인됩니다. 캡처해 두셔도 됩니다.",
  entryCode: "QR이 읽히지 않을 때 코드",
  entryAlt: (name: string) => `${name} 고객님의 입장 QR`,
  wayHeading: "오시는 길",
  calendar: "캘린더에 추가",
  missed: "예약하신 방문일에 뵙지 못했습니다. 다른 날짜에 방문하시려면 새 시간을 골라 주세요.",
  missedChange: "새 방문 시간 고르기",
} as const;

/** The booking page's two buttons: cancel, or change to the chosen time. */
export const VISIT_LINK_INTENTS = ["cancel", "change"] as const;

/** The waitlist of a full time: the join page (/{site}/waitlist?slot=…) and an entry's own page (/{site}/waitlist/{token}). */
export const WAITLIST_TEXT = {
  title: "방문 대기 신청",
  heading: "마감된 시간 대기 신청",
  intro: [
    "예약이 마감된 시간에 대기를 신청하시면, 취소 등으로 자리가 나는 대로 신청 순서대로 문자로 알려 드립니다.",
    "문자를 받으신 뒤 정해진 시간 안에 링크에서 확정하시면 예약이 완료됩니다.",
  ],
  when: "대기할 방문 일시",
  holdNote: (minutes: number) => `자리가 나면 ${minutes}분 동안 고객님 몫으로 잡아 두고, 그 안에 확정하지 않으시면 다음 순서로 넘어갑니다.`,
  waiting: (count: number) => (count > 0 ? `지금 ${count}팀이 대기 중입니다.` : "지금 대기 중인 분이 없습니다."),
  submit: "대기 신청하기",
  busy: "신청하는 중…",
  joined: (when: string, position: number) =>
    `${when} 방문 대기 신청이 접수되었습니다. 대기 순서는 ${position}번입니다. 대기 순서 확인과 취소 링크를 문자로 보내 드렸습니다.`,
  hasRoom: "이 시간은 지금 바로 예약하실 수 있습니다.",
  bookInstead: "방문 예약하러 가기",
  noSlot: "대기 신청할 수 있는 시간이 아닙니다. 방문 예약 화면에서 시간을 다시 골라 주세요.",
  backToBooking: "방문 예약 화면으로",
  // The entry's own page.
  pageTitle: "방문 대기 확인",
  pageHeading: "견본주택 방문 대기",
  visitor: "신청자",
  partySize: "방문 인원",
  status: "대기 상태",
  position: (position: number) => `대기 ${position}번째`,
  waitingNote: "자리가 나면 문자로 알려 드립니다. 이 화면에서도 확인하실 수 있습니다.",
  offered: (holdUntil: string) => `자리가 났습니다. ${holdUntil}까지 확정하시면 예약이 완료됩니다.`,
  claim: "예약 확정하기",
  claiming: "확정하는 중…",
  withdraw: "대기 취소하기",
  giveUp: "이번 자리는 양보하기",
  withdrawing: "취소하는 중…",
  claimed: (when: string) => `${when} 견본주택 방문 예약이 확정되었습니다. 예약 내용과 변경·취소 링크를 문자로 보내 드렸습니다.`,
  bookingPage: "예약 확인·변경",
  passed: "확정 기한이 지나 자리가 다음 대기 고객님께 넘어갔습니다.",
  withdrawn: "대기 신청이 취소되었습니다.",
  ended: "방문 시간이 지나 대기가 끝났습니다.",
  bookAgain: "다른 시간 예약하기",
  invalid: "대기 신청을 찾을 수 없습니다. 문자로 받으신 링크 주소가 모두 입력되었는지 확인해 주세요.",
} as const;

/** The entry page's two buttons. */
export const WAITLIST_INTENTS = ["claim", "withdraw"] as const;
