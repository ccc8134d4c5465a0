import type { InfoPages } from "../../types";

const images = "/images/suwon";

export const announcementPage: InfoPages["announcement"] = {
  eyebrow: "NOTICE",
  title: "오피스텔 분양공고",
  intro: [
    "광교 루미엘 더 레이크의 공급 개요와 타입별 공급 호실, 청약 일정, 신청자 유의사항을 담은 오피스텔 분양공고입니다.",
    "전문은 PDF 파일로 새 창에서 열립니다.",
  ],
  image: {
    src: `${images}/announcement.svg`,
    alt: "오피스텔 분양공고 첫 페이지 미리보기: 공급위치, 공급규모, 입주예정과 타입별 공급 호실 표",
    width: 1200,
    height: 1600,
  },
  pdf: { href: "/images/suwon/announcement.pdf", label: "분양공고 전문 보기 (PDF)", loadingLabel: "파일을 불러오는 중..." },
  notes: [
    "본 홈페이지에 게재된 분양공고는 편집 과정에서 오류가 있을 수 있으니, 청약 신청 전 반드시 분양공고 원문을 확인하시기 바랍니다.",
    "청약 자격과 일정 등 모든 사항은 분양공고가 우선합니다.",
  ],
};

export const subscriptionPage: InfoPages["subscription"] = {
  eyebrow: "SUBSCRIPTION GUIDE",
  title: "청약통장 없이, 청약홈에서 신청하세요",
  intro: [
    "오피스텔은 청약통장이 없어도 한국부동산원이 운영하는 청약홈에서 PC나 모바일로 신청할 수 있습니다. 아래 순서대로 준비하시면 어렵지 않습니다.",
  ],
  steps: [
    {
      title: "청약홈 접속",
      text: "PC 또는 모바일 앱으로 청약홈에 접속해 ‘오피스텔/생활숙박시설’ 메뉴에서 광교 루미엘 더 레이크를 찾습니다.",
    },
    { title: "인증서 로그인", text: "공동인증서나 금융인증서, 민간 인증서로 본인 인증을 합니다. 인증서는 미리 발급받아 두세요." },
    { title: "타입 선택과 신청", text: "원하는 타입(군)을 고르고 신청 정보를 확인한 뒤 청약 신청금을 납부하면 접수가 끝납니다." },
    { title: "당첨자 발표 확인", text: "당첨자 발표일에 청약홈에서 당첨 여부와 동·호수를 확인합니다. 문자 알림도 받을 수 있습니다." },
    { title: "계약", text: "정해진 계약 기간에 구비서류를 챙겨 루미엘 갤러리에서 공급계약을 체결합니다. 미당첨자의 신청금은 환불됩니다." },
  ],
  link: { href: "https://www.applyhome.co.kr", label: "청약홈 바로가기" },
  image: {
    src: `${images}/subscription-guide.svg`,
    alt: "오피스텔 청약 절차 다섯 단계: 청약홈 접속, 인증서 로그인, 타입 선택과 신청, 당첨자 발표 확인, 계약",
    width: 1200,
    height: 1400,
  },
  notes: [
    "이미지는 청약 절차의 이해를 돕기 위한 참고 자료입니다.",
    "청약 신청금, 신청 자격과 세부 일정은 반드시 분양공고를 확인하시기 바랍니다.",
  ],
};

export const officetelPage: InfoPages["officetel"] = {
  eyebrow: "OFFICETEL",
  title: "오피스텔 분양 안내",
  intro: [
    "광교 루미엘 더 레이크는 「건축물의 분양에 관한 법률」에 따라 분양하는 전용 24~35㎡ 오피스텔 488실입니다.",
    "오피스텔은 주택이 아닌 업무시설로 주택 청약 관련 법령이 적용되지 않으며, 인터넷 청약 후 전산 추첨으로 계약자를 정합니다.",
  ],
  facts: [
    { label: "분양위치", value: "경기도 수원시 영통구 하동 일원" },
    { label: "건축규모", value: "지하 6층 ~ 지상 20층 2개동 (오피스텔 488실 및 근린생활시설)" },
    { label: "공급타입", value: "24A 170실 · 24B 102실 · 29A 136실 · 35A 80실" },
    { label: "분양방법", value: "청약홈 인터넷 청약 후 전산 추첨 (타입군별 1인 1건)" },
    { label: "전매제한", value: "관계 법령에 따름 (분양공고 참조)" },
    { label: "청약일정", value: "추후 공지" },
    { label: "입주예정", value: "2028년 10월 예정" },
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
    alt: "오피스텔 분양 안내문: 타입별 공급 호실과 층별 배치, 청약 및 계약 일정, 인지세 유의사항",
    width: 1200,
    height: 1400,
  },
  notes: [
    "안내문 이미지는 이해를 돕기 위한 것으로, 세부 내용은 오피스텔 분양공고를 반드시 확인하시기 바랍니다.",
    "청약 및 계약 일정은 확정되는 대로 홈페이지와 개별 문자로 안내해 드립니다.",
  ],
};
