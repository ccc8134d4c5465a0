import type { InfoPages } from "../../types";

const images = "/images/daegu";

export const announcementPage: InfoPages["announcement"] = {
  eyebrow: "NOTICE",
  title: "입주자 모집공고",
  intro: [
    "동대구 온빛채 센트럴의 공급 개요와 공급 대상, 청약 일정, 신청자 유의사항을 담은 입주자 모집공고입니다.",
    "전문은 PDF 파일로 새 창에서 열립니다.",
  ],
  image: {
    src: `${images}/announcement.svg`,
    alt: "입주자 모집공고 첫 페이지 미리보기: 공급위치, 공급규모, 입주예정과 타입별 공급내역 표",
    width: 1200,
    height: 1600,
  },
  pdf: { href: "/announcement.pdf", label: "모집공고 전문 보기 (PDF)", loadingLabel: "파일을 불러오는 중..." },
  notes: [
    "본 홈페이지에 게재된 모집공고는 편집 과정에서 오류가 있을 수 있으니, 청약 신청 전 반드시 입주자 모집공고 원문을 확인하시기 바랍니다.",
    "청약 자격과 일정 등 모든 사항은 입주자 모집공고가 우선합니다.",
  ],
};

export const subscriptionPage: InfoPages["subscription"] = {
  eyebrow: "SUBSCRIPTION GUIDE",
  title: "청약홈에서 간편하게 청약하세요",
  intro: ["아파트 청약은 한국부동산원이 운영하는 청약홈에서 PC나 모바일로 신청합니다. 아래 순서대로 준비하시면 어렵지 않습니다."],
  steps: [
    { title: "청약홈 접속", text: "PC 또는 모바일 앱으로 청약홈에 접속해 ‘동대구 온빛채 센트럴’ 공고를 찾습니다." },
    { title: "인증서 로그인", text: "공동인증서나 금융인증서 등으로 본인 인증을 하고 로그인합니다. 인증서는 미리 발급받아 두세요." },
    { title: "청약 신청", text: "주택형(타입)과 공급 유형을 고르고 신청 정보를 확인한 뒤 청약 신청을 마칩니다." },
    { title: "당첨자 발표 확인", text: "당첨자 발표일에 청약홈에서 당첨 여부와 동·호수를 확인합니다. 문자 알림도 받을 수 있습니다." },
    { title: "계약", text: "정해진 계약 기간에 구비서류를 챙겨 견본주택에서 공급계약을 체결합니다." },
  ],
  link: { href: "https://www.applyhome.co.kr", label: "청약홈 바로가기" },
  image: {
    src: `${images}/subscription-guide.svg`,
    alt: "청약 신청 절차 다섯 단계: 청약홈 접속, 인증서 로그인, 청약 신청, 당첨자 발표 확인, 계약",
    width: 1200,
    height: 1400,
  },
  notes: [
    "이미지는 청약 절차의 이해를 돕기 위한 참고 자료입니다.",
    "청약 자격과 세부 일정은 반드시 입주자 모집공고를 확인하시기 바랍니다.",
  ],
};

export const officetelPage: InfoPages["officetel"] = {
  eyebrow: "OFFICETEL",
  title: "오피스텔 분양 안내",
  intro: [
    "동대구 온빛채 센트럴 오피스텔은 「건축물의 분양에 관한 법률」에 따라 분양하는 전용 84㎡ 56실입니다.",
    "오피스텔은 주택이 아닌 업무시설로 주택 청약 관련 법령이 적용되지 않으며, 인터넷 청약 후 전산 추첨으로 계약자를 정합니다.",
  ],
  facts: [
    { label: "분양위치", value: "대구광역시 동구 신천동 일원" },
    { label: "건축규모", value: "지하 5층 ~ 지상 29층 1개동 (오피스텔 56실 및 근린생활시설)" },
    { label: "공급타입", value: "84OA (전용 84.65㎡ · 계약 158.32㎡) 56실" },
    { label: "분양방법", value: "인터넷 청약 후 전산 추첨 (1인 1건 신청)" },
    { label: "청약일정", value: "추후 공지" },
    { label: "입주예정", value: "2026년 4월 예정" },
  ],
  stampTax: {
    title: "인지세 안내",
    caption: "분양계약서 기재금액별 인지세액",
    headers: ["계약서 기재금액", "인지세액"],
    rows: [
      { label: "1천만 원 초과 ~ 3천만 원 이하", value: "2만 원" },
      { label: "3천만 원 초과 ~ 5천만 원 이하", value: "4만 원" },
      { label: "5천만 원 초과 ~ 1억 원 이하", value: "7만 원" },
      { label: "1억 원 초과 ~ 10억 원 이하", value: "15만 원" },
      { label: "10억 원 초과", value: "35만 원" },
    ],
    note: "분양계약서를 작성할 때 「인지세법」에 따른 인지세는 계약자가 부담하며, 전자수입인지로 납부합니다. 세액은 관련 법령이 바뀌면 달라질 수 있습니다.",
  },
  image: {
    src: `${images}/officetel-notice.svg`,
    alt: "오피스텔 분양 안내문: 84OA 타입 공급 내역, 층별 공급 호실, 청약 및 계약 일정, 인지세 유의사항",
    width: 1200,
    height: 1400,
  },
  notes: [
    "안내문 이미지는 이해를 돕기 위한 것으로, 세부 내용은 오피스텔 분양공고를 반드시 확인하시기 바랍니다.",
    "청약 및 계약 일정은 확정되는 대로 홈페이지와 개별 문자로 안내해 드립니다.",
  ],
};
