import type { LeadContent } from "../../types";

export const leads: LeadContent = {
  receiptPrefix: "DG",
  consent: {
    version: "2025-03-01",
    label: "개인정보 수집·이용 동의",
    purpose: "분양 상담 및 견본주택 방문 안내",
    items: "이름, 연락처(휴대폰 번호), 문의내용",
    retention: "수집일로부터 1년간 보관한 뒤 지체 없이 파기합니다.",
    refusal:
      "개인정보 수집·이용에 동의하지 않으실 수 있습니다. 다만 동의하지 않으시면 관심고객 등록과 방문 예약을 하실 수 없으며, 대표번호로 전화 상담은 언제든 가능합니다.",
  },
  popup: {
    title: "관심고객 등록",
    intro: "성함과 연락처를 남겨 주시면 분양 일정과 견본주택 방문 방법을 문자로 안내해 드립니다.",
  },
  inquiryPage: {
    title: "상담 문의 | 동대구 온빛채 센트럴",
    description:
      "동대구 온빛채 센트럴 분양 상담 문의. 궁금하신 점을 남겨 주시면 전문상담원이 분양 일정과 잔여세대, 계약 조건을 안내해 드립니다. 24시간 상담 가능.",
    banner: { title: "홍보센터", taglines: ["상담 문의", "궁금하신 점을 남겨 주시면 빠르게 답해 드립니다"] },
    heading: "상담 문의",
    intro: [
      "동대구 온빛채 센트럴에 관심을 가져 주셔서 감사합니다.",
      "성함과 연락처, 궁금하신 점을 남겨 주시면 전문상담원이 분양 일정과 잔여세대를 빠르게 안내해 드립니다.",
    ],
    image: {
      src: "/images/daegu/brand.svg",
      alt: "햇살이 드는 온빛채 단지 전경 일러스트",
      width: 1600,
      height: 900,
    },
  },
  visitPage: {
    title: "견본주택 방문 예약 | 동대구 온빛채 센트럴",
    description: "동대구 온빛채 센트럴 견본주택은 방문 예약제로 운영됩니다. 원하시는 날짜와 시간을 골라 방문을 예약하세요.",
    banner: { title: "방문 예약", taglines: ["견본주택 방문 예약", "기다림 없이 편안하게 둘러보세요"] },
    heading: "견본주택 방문 예약",
    intro: [
      "견본주택은 방문 예약제로 운영됩니다.",
      "예약 가능한 날짜가 열리면 이 페이지에서 날짜와 시간을 골라 바로 예약하실 수 있습니다.",
    ],
  },
  kindLabels: { interest: "관심고객 등록", visit: "방문 예약", inquiry: "상담 문의" },
  grades: {
    A: { label: "A 계약 유력", meaning: "청약·계약 의사가 분명하고 조건을 구체적으로 묻는 고객" },
    B: { label: "B 관심 높음", meaning: "견본주택 방문이나 상담 약속을 잡은 고객" },
    C: { label: "C 정보 탐색", meaning: "분양가·일정 등 정보를 모으는 단계의 고객" },
    D: { label: "D 가망 낮음", meaning: "당장은 계획이 없거나 연락이 잘 닿지 않는 고객" },
  },
  sms: {
    senderName: "[동대구 온빛채 센트럴]",
    senderNumber: "16610000",
    staffRecipients: [],
    headlines: {
      interest: "관심고객 등록이 완료되었습니다.",
      visit: "견본주택 방문 예약이 접수되었습니다. 담당 상담원이 방문 일시를 확인해 연락드립니다.",
      inquiry: "상담 문의가 접수되었습니다. 전문상담원이 곧 연락드립니다.",
    },
    // A fictional number: the demo sends nothing.
    optOutNumber: "080-000-0000",
    confirmation: [
      "{senderName}",
      "{maskedName} 고객님, {headline}",
      "",
      "■ 접수번호: {receiptNumber}",
      "■ 견본주택: {modelHouseAddress}",
      "■ 운영시간: {modelHouseHours}",
      "■ 분양문의: {salesPhone} (24시간 상담)",
      "",
      "{optOut}",
    ].join("\n"),
    staff: "{senderName} 새 {kindLabel}: {maskedName} 고객({maskedPhone}). 관리자 화면에서 확인해 주세요.",
    missedCallTemplate: "missed-call",
    templates: [
      {
        key: "thanks",
        label: "상담 후 감사 인사",
        text: [
          "{senderName}",
          "{customerName} 고객님, 오늘 상담에 귀한 시간 내어 주셔서 감사합니다.",
          "더 궁금하신 점은 언제든 {salesPhone}(담당 {staffName})로 편하게 연락 주세요.",
        ].join("\n"),
      },
      {
        key: "visit-guide",
        label: "견본주택 방문 안내(주소·주차)",
        text: [
          "{senderName}",
          "{customerName} 고객님, 견본주택 오시는 길을 안내해 드립니다.",
          "",
          "■ 주소: {modelHouseAddress}",
          "■ 운영시간: {modelHouseHours}",
          "■ 주차: 견본주택 옆 전용 주차장(무료)을 이용해 주세요.",
          "■ 문의: {salesPhone}",
        ].join("\n"),
      },
      {
        key: "missed-call",
        label: "부재중 연락 안내",
        text: [
          "{senderName}",
          "{customerName} 고객님, 문의 주신 건으로 전화드렸는데 연결되지 않았습니다.",
          "편하신 시간에 {salesPhone}번으로 연락 주시면 자세히 안내해 드리겠습니다.",
        ].join("\n"),
      },
      {
        key: "remaining-units",
        label: "잔여세대 안내(광고)",
        advertising: true,
        text: [
          "{customerName} 고객님, 동대구 온빛채 센트럴 84A·84B·84C 타입 일부 잔여세대를 선착순으로 계약 중입니다.",
          "견본주택 방문 상담: {salesPhone}",
        ].join("\n"),
      },
      {
        key: "remaining-units-board",
        label: "잔여세대 현황 안내(광고)",
        advertising: true,
        text: [
          "{customerName} 고객님, 동대구 온빛채 센트럴 현재 {remainingUnits} (계약 상황에 따라 바뀔 수 있습니다).",
          "견본주택 방문 상담: {salesPhone}",
        ].join("\n"),
      },
    ],
    optOutConfirmation: [
      "{senderName}",
      "광고성 정보 수신거부가 처리되었습니다(처리일 {date}).",
      "앞으로 광고 문자는 보내 드리지 않습니다. 문의: {salesPhone}",
    ].join("\n"),
    reconfirmation: [
      "{senderName} 광고성 정보 수신동의 확인 안내",
      "고객님께서는 {consentDate}에 광고성 정보 문자 수신에 동의하셨습니다.",
      "동의를 유지하시려면 따로 하실 일은 없습니다.",
      "더 받지 않으시려면 아래 링크나 무료수신거부 {optOutNumber}로 철회하실 수 있습니다.",
      "{optOutUrl}",
    ].join("\n"),
  },
  textBudget: { perPhonePerDay: 3, confirmationsPerHour: 300 },
  visits: {
    intro: [
      "견본주택은 시간대별 인원을 정해 두는 방문 예약제로 운영됩니다.",
      "원하시는 날짜와 시간을 골라 예약하시면 예약 내용과 변경·취소 링크를 문자로 보내 드립니다.",
    ],
    slotTimes: ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"],
    slotMinutes: 60,
    capacity: 6,
    demoDays: 14,
    sms: {
      booked: [
        "{senderName}",
        "{maskedName} 고객님, 견본주택 방문 예약이 확정되었습니다.",
        "",
        "■ 방문일시: {date} {time}",
        "■ 접수번호: {receiptNumber}",
        "■ 견본주택: {modelHouseAddress}",
        "■ 분양문의: {salesPhone}",
        "",
        "예약 변경·취소는 아래 링크에서 하실 수 있습니다.",
        "{cancelUrl}",
        "",
        "{optOut}",
      ].join("\n"),
      reminder: [
        "{senderName}",
        "{maskedName} 고객님, 내일 견본주택 방문 예약을 안내해 드립니다.",
        "",
        "■ 방문일시: {date} {time}",
        "■ 견본주택: {modelHouseAddress}",
        "■ 분양문의: {salesPhone}",
        "",
        "방문 시간 변경·취소는 아래 링크에서 하실 수 있습니다.",
        "{cancelUrl}",
        "",
        "{optOut}",
      ].join("\n"),
      cancelled: [
        "{senderName}",
        "{maskedName} 고객님, {date} {time} 견본주택 방문 예약이 취소되었습니다.",
        "",
        "다시 예약하시려면 홈페이지의 방문예약을 이용해 주세요.",
        "■ 분양문의: {salesPhone}",
      ].join("\n"),
      dayClosed: [
        "{senderName}",
        "{maskedName} 고객님, {date} {time} 방문 예약이 견본주택 사정으로 취소되었습니다. 불편을 드려 죄송합니다.",
        "",
        "다른 날짜로 다시 예약하시거나 궁금하신 점이 있으시면 분양문의로 연락해 주세요.",
        "■ 분양문의: {salesPhone}",
      ].join("\n"),
    },
  },
};
