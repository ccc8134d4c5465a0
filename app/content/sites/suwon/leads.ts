import type { LeadContent } from "../../types";

export const leads: LeadContent = {
  receiptPrefix: "SW",
  consent: {
    version: "2026-09-01",
    label: "개인정보 수집·이용 동의",
    purpose: "분양 상담 및 루미엘 갤러리 방문 안내",
    items: "이름, 연락처(휴대폰 번호), 문의내용",
    retention: "수집일로부터 6개월간 보관한 뒤 지체 없이 파기합니다.",
    refusal:
      "개인정보 수집·이용에 동의하지 않으실 수 있습니다. 다만 동의하지 않으시면 관심고객 등록과 방문 예약을 하실 수 없으며, 분양 대표번호로 전화 상담은 언제든 가능합니다.",
  },
  popup: {
    title: "관심고객 등록",
    intro: "성함과 연락처를 남겨 주시면 청약 일정과 잔여 호실, 루미엘 갤러리 방문 방법을 문자로 먼저 알려 드립니다.",
  },
  inquiryPage: {
    title: "분양 상담 문의 | 광교 루미엘 더 레이크",
    description:
      "광교 루미엘 더 레이크 분양 상담 문의. 궁금하신 점을 남겨 주시면 분양 상담사가 청약 일정과 타입별 잔여 호실을 안내해 드립니다. 매일 10시부터 19시까지 상담합니다.",
    banner: { title: "홍보센터", taglines: ["분양 상담 문의", "궁금하신 점을 남겨 주시면 빠르게 답해 드립니다"] },
    heading: "분양 상담 문의",
    intro: [
      "광교 루미엘 더 레이크에 관심을 가져 주셔서 감사합니다.",
      "성함과 연락처, 궁금하신 점을 남겨 주시면 분양 상담사가 청약 일정과 잔여 호실을 빠르게 안내해 드립니다.",
    ],
    image: {
      src: "/images/suwon/brand.svg",
      alt: "호수 위로 빛이 번지는 새벽, 나란히 선 루미엘 두 타워 일러스트",
      width: 1600,
      height: 900,
    },
  },
  visitPage: {
    title: "갤러리 방문 예약 | 광교 루미엘 더 레이크",
    description:
      "광교 루미엘 더 레이크 견본 유니트를 갖춘 루미엘 갤러리는 방문 예약제로 운영됩니다. 원하시는 날짜와 시간을 골라 방문을 예약하세요.",
    banner: { title: "방문 예약", taglines: ["루미엘 갤러리 방문 예약", "기다림 없이 견본 유니트를 둘러보세요"] },
    heading: "루미엘 갤러리 방문 예약",
    intro: [
      "루미엘 갤러리는 방문 예약제로 운영됩니다.",
      "예약 가능한 날짜가 열리면 이 페이지에서 날짜와 시간을 골라 바로 예약하실 수 있습니다.",
    ],
  },
  kindLabels: { interest: "관심고객 등록", visit: "갤러리 방문 예약", inquiry: "분양 상담 문의" },
  grades: {
    A: { label: "A 계약 유력", meaning: "청약·계약 의사가 분명하고 조건을 구체적으로 묻는 고객" },
    B: { label: "B 관심 높음", meaning: "견본주택 방문이나 상담 약속을 잡은 고객" },
    C: { label: "C 정보 탐색", meaning: "분양가·일정 등 정보를 모으는 단계의 고객" },
    D: { label: "D 가망 낮음", meaning: "당장은 계획이 없거나 연락이 잘 닿지 않는 고객" },
  },
  sms: {
    senderName: "[광교 루미엘 더 레이크]",
    senderNumber: "16682400",
    staffRecipients: [],
    headlines: {
      interest: "관심고객으로 등록되었습니다. 청약 일정이 정해지면 가장 먼저 알려 드리겠습니다.",
      visit: "루미엘 갤러리 방문 예약이 접수되었습니다. 담당 상담사가 방문 일시를 확인해 연락드립니다.",
      inquiry: "분양 상담 문의가 접수되었습니다. 담당 상담사가 곧 연락드립니다.",
    },
    // A fictional number: the demo sends nothing.
    optOutNumber: "080-000-0000",
    confirmation: [
      "{senderName}",
      "{maskedName} 고객님, {headline}",
      "",
      "▶ 접수번호: {receiptNumber}",
      "▶ 루미엘 갤러리: {modelHouseAddress}",
      "▶ 운영시간: {modelHouseHours}",
      "▶ 분양문의: {salesPhone} (매일 10:00~19:00)",
      "",
      "{optOut}",
    ].join("\n"),
    staff: "{senderName} {kindLabel} 접수: {maskedName} 고객({maskedPhone}). 관리자 화면에서 확인 후 연락해 주세요.",
    missedCallTemplate: "missed-call",
    templates: [
      {
        key: "thanks",
        label: "상담 후 감사 인사",
        text: [
          "{senderName}",
          "{customerName} 고객님, 루미엘 갤러리 상담에 시간 내어 주셔서 감사합니다.",
          "궁금하신 점이 생기면 {salesPhone}(담당 {staffName})로 언제든 연락 주세요.",
        ].join("\n"),
      },
      {
        key: "visit-guide",
        label: "갤러리 방문 안내(주소·주차)",
        text: [
          "{senderName}",
          "{customerName} 고객님, 루미엘 갤러리 오시는 길을 안내해 드립니다.",
          "",
          "▶ 주소: {modelHouseAddress}",
          "▶ 운영시간: {modelHouseHours}",
          "▶ 주차: 갤러리 지하 주차장을 2시간 무료로 이용하실 수 있습니다.",
          "▶ 문의: {salesPhone}",
        ].join("\n"),
      },
      {
        key: "missed-call",
        label: "부재중 연락 안내",
        text: [
          "{senderName}",
          "{customerName} 고객님, 남겨 주신 문의로 연락드렸으나 통화가 어려웠습니다.",
          "편하신 때에 {salesPhone}번으로 전화 주시면 바로 안내해 드리겠습니다.",
        ].join("\n"),
      },
      {
        key: "remaining-units",
        label: "잔여 호실 안내(광고)",
        advertising: true,
        text: [
          "{customerName} 고객님, 광교 루미엘 더 레이크 29A·35A 호수 조망 라인 일부 잔여 호실을 선착순으로 상담 중입니다.",
          "루미엘 갤러리 방문 상담: {salesPhone}",
        ].join("\n"),
      },
      {
        key: "remaining-units-board",
        label: "잔여세대 현황 안내(광고)",
        advertising: true,
        text: [
          "{customerName} 고객님, 광교 루미엘 더 레이크 현재 {remainingUnits} (계약 상황에 따라 바뀔 수 있습니다).",
          "루미엘 갤러리 방문 상담: {salesPhone}",
        ].join("\n"),
      },
    ],
    optOutConfirmation: [
      "{senderName}",
      "요청하신 광고성 정보 수신거부를 {date}에 처리했습니다.",
      "이후 광고 문자는 발송되지 않습니다. 문의: {salesPhone}",
    ].join("\n"),
    reconfirmation: [
      "{senderName} 광고 문자 수신동의 확인 안내",
      "고객님은 {consentDate}에 광고성 정보 수신에 동의하셨습니다(2년마다 안내).",
      "계속 받으시려면 그대로 두시면 됩니다.",
      "철회: 아래 링크 또는 무료수신거부 {optOutNumber}",
      "{optOutUrl}",
    ].join("\n"),
  },
  textBudget: { perPhonePerDay: 3, confirmationsPerHour: 300 },
  visits: {
    intro: [
      "루미엘 갤러리는 시간대별 인원을 정해 두는 방문 예약제로 운영됩니다.",
      "원하시는 날짜와 시간을 골라 예약하시면 예약 내용과 변경·취소 링크를 문자로 보내 드립니다.",
    ],
    slotTimes: ["10:30", "11:30", "13:00", "14:00", "15:00", "16:00", "17:00"],
    slotMinutes: 50,
    capacity: 4,
    demoDays: 10,
    sms: {
      booked: [
        "{senderName}",
        "{maskedName} 고객님, 루미엘 갤러리 방문 예약이 확정되었습니다.",
        "",
        "▶ 방문일시: {date} {time}",
        "▶ 접수번호: {receiptNumber}",
        "▶ 갤러리: {modelHouseAddress}",
        "▶ 지도: {mapUrl}",
        "▶ 분양문의: {salesPhone}",
        "",
        "입장 QR 확인과 예약 변경·취소는 아래 링크에서 하실 수 있습니다.",
        "{cancelUrl}",
        "",
        "{optOut}",
      ].join("\n"),
      reminder: [
        "{senderName}",
        "{maskedName} 고객님, 내일은 루미엘 갤러리 방문일입니다.",
        "",
        "▶ 방문일시: {date} {time}",
        "▶ 갤러리: {modelHouseAddress}",
        "▶ 분양문의: {salesPhone}",
        "",
        "방문 시간 변경·취소는 아래 링크에서 하실 수 있습니다.",
        "{cancelUrl}",
        "",
        "{optOut}",
      ].join("\n"),
      cancelled: [
        "{senderName}",
        "{maskedName} 고객님, {date} {time} 루미엘 갤러리 방문 예약이 취소되었습니다.",
        "",
        "다시 예약하시려면 홈페이지의 방문예약을 이용해 주세요.",
        "▶ 분양문의: {salesPhone}",
      ].join("\n"),
      dayClosed: [
        "{senderName}",
        "{maskedName} 고객님, {date} {time} 방문 예약이 루미엘 갤러리 사정으로 취소되었습니다. 불편을 드려 죄송합니다.",
        "",
        "다른 날짜로 다시 예약하시거나 궁금하신 점이 있으시면 분양문의로 연락해 주세요.",
        "▶ 분양문의: {salesPhone}",
      ].join("\n"),
    },
  },
};
