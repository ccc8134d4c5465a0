import type { PrivacyPolicy } from "#app/content/types.ts";

// The structure follows the 개인정보 보호법; the company, its processors and officer are the development's.
export const privacy: PrivacyPolicy = {
  page: {
    title: "개인정보처리방침 | TODO(사이트 담당자): 단지명",
    description: "TODO(사이트 담당자): 단지명 분양홍보관이 관심고객의 개인정보를 처리하는 기준을 안내합니다.",
    banner: { title: "개인정보처리방침", taglines: ["고객님의 개인정보를 소중히 다룹니다"] },
  },
  headings: {
    purposes: "1. 개인정보의 처리 목적",
    items: "2. 처리하는 개인정보 항목과 수집 방법",
    retention: "3. 개인정보의 보유 기간",
    destruction: "4. 개인정보의 파기 절차와 방법",
    processors: "5. 개인정보 처리 업무의 위탁",
    thirdParties: "6. 개인정보의 제3자 제공",
    rights: "7. 정보주체의 권리와 행사 방법",
    safeguards: "8. 개인정보의 안전성 확보 조치",
    officer: "9. 개인정보 보호책임자",
    remedies: "10. 권익침해 구제 방법",
    changes: "11. 개인정보처리방침의 변경",
  },
  labels: {
    collected: "수집 항목",
    how: "수집 방법",
    processorName: "수탁업체",
    processorTask: "위탁 업무",
    phone: "전화",
    email: "이메일",
    effective: "시행일",
  },
  controller: "TODO(사이트 담당자): 개인정보처리자(시행사)",
  effectiveDate: "TODO(사이트 담당자): 시행일",
  intro:
    "TODO(사이트 담당자): 회사명(이하 ‘회사’)는 「개인정보 보호법」에 따라 고객의 개인정보를 보호하고 관련 고충을 신속하게 처리하기 위해 다음과 같이 개인정보처리방침을 정합니다.",
  purposes: [
    "관심고객 등록, 견본주택 방문 예약, 분양 상담 문의에 대한 응대",
    "분양 일정과 견본주택 안내(문자메시지 포함)",
    "중복 등록 확인과 부정 이용 방지",
  ],
  items: {
    collected: "이름, 연락처(휴대폰 번호), 문의내용(선택)",
    how: "홈페이지의 관심고객 등록 창, 방문 예약 양식, 상담 문의 양식. 접속 브라우저 정보와 유입 경로가 함께 기록될 수 있으며, 접속 IP 주소는 복원할 수 없는 형태로만 잠시 보관합니다.",
  },
  retention: ["고객이 동의를 철회하거나 삭제를 요청하면 지체 없이 파기합니다."],
  destruction: [
    "보관 기간이 끝났거나 처리 목적을 달성한 개인정보는 5일 이내에 파기합니다.",
    "전자 파일은 복구할 수 없는 방법으로 삭제합니다.",
  ],
  thirdParties: "회사는 고객의 개인정보를 제3자에게 제공하지 않습니다. 법령에 따른 요청이 있는 경우에만 예외로 합니다.",
  rights: [
    "고객은 언제든지 자신의 개인정보 열람, 정정, 삭제, 처리 정지를 요구할 수 있습니다.",
    "안내 문자는 문자에 적힌 무료 수신거부 번호로 언제든 거부하실 수 있습니다.",
    "만 14세 미만 아동의 개인정보는 수집하지 않습니다.",
  ],
  safeguards: [
    "개인정보에 접근할 수 있는 담당자를 최소한으로 지정하고, 관리자 화면은 비밀번호로 보호합니다.",
    "모든 전송 구간을 암호화(HTTPS)합니다.",
  ],
  officer: {
    title: "개인정보 보호책임자",
    name: "TODO(사이트 담당자): 이름",
    department: "TODO(사이트 담당자): 부서",
    phone: "TODO(사이트 담당자): 전화",
    email: "TODO(사이트 담당자): 이메일",
  },
  remedies: [
    { name: "개인정보침해신고센터", contact: "(국번 없이) 118, privacy.kisa.or.kr" },
    { name: "개인정보분쟁조정위원회", contact: "1833-6972, www.kopico.go.kr" },
    { name: "대검찰청 사이버수사과", contact: "(국번 없이) 1301, www.spo.go.kr" },
    { name: "경찰청 사이버수사국", contact: "(국번 없이) 182, ecrm.police.go.kr" },
  ],
  changes: "TODO(사이트 담당자): 이 개인정보처리방침의 시행일과 변경 시 알리는 방법",
};
