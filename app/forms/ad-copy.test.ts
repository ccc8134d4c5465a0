import { describe, expect, test } from "vitest";
import { adCopyWarningsOf, findRiskyPhrases, RISKY_PHRASES, type RiskyPhraseId } from "./ad-copy.ts";

/** For each phrase: texts that must be caught (spacing and spelling variants), and harmless near-misses that must not. */
const CASES: Record<RiskyPhraseId, { caught: string[]; fine: string[] }> = {
  "guaranteed-return": {
    caught: ["연 6% 확정수익 오피스텔", "확정 수익을 드립니다", "확정된 임대수익", "수익이 확정됩니다"],
    fine: ["당첨자 발표일이 확정되면 안내합니다", "계약 후 확정일자를 받으세요"],
  },
  "return-guarantee": {
    caught: ["수익보장 상품", "수익 보장", "수익률 5% 보장", "보장된 수익"],
    fine: ["수익형 부동산 세금 안내", "하자 보수 기간을 보장합니다"],
  },
  "principal-guarantee": {
    caught: ["원금보장", "원금 100% 보장", "보장된 원금"],
    fine: ["중도금 대출 원금 상환 일정", "원금과 이자 납부 방법 안내"],
  },
  "capital-gain-guarantee": {
    caught: ["시세차익 보장", "시세 차익 2억 원 예상", "시세차익을 기대할 수 있습니다"],
    fine: ["시세차익에 대한 양도소득세는 세무사와 상담하세요"],
  },
  "premium-guarantee": {
    caught: ["프리미엄 보장", "프리미엄 5천만 원 확정", "웃돈 보장"],
    fine: ["프리미엄 커뮤니티 시설", "입지 프리미엄을 누리는 단지"],
  },
  "rent-guarantee": {
    caught: ["2년 책임임대", "책임 임대제 시행", "임대료 보장"],
    fine: ["임대차 계약서 양식", "임대 사업자 등록 안내"],
  },
  unconditional: {
    caught: ["무조건 당첨", "무 조건 계약 가능"],
    fine: ["무이자 조건으로 중도금을 지원합니다", "청약 자격 조건 안내"],
  },
  "hundred-percent": {
    caught: ["100% 당첨", "100 % 분양 완료", "100%계약"],
    fine: ["계약금 10% 정액제", "전 세대 100% 남향 배치"],
  },
  "closing-soon": {
    caught: ["마감 임박!", "선착순 마감임박", "곧 마감됩니다", "잔여세대 마감 직전"],
    fine: ["12월 15일 청약 마감 임박", "2026.12.15 마감 임박", "마감재는 모델하우스에서 확인하세요"],
  },
  "sold-out-soon": {
    caught: ["완판 임박", "완판임박 잔여 소량", "완판 직전", "분양 완료 임박"],
    fine: ["1단지는 분양을 마쳤습니다", "판매 시설 안내"],
  },
  "transit-plan": {
    caught: ["도시철도 3호선 연장 예정", "GTX 개통예정 역세권", "신설 예정 역까지"],
    fine: ["2027년 개통 예정(국토교통부 고시)", "공사 중인 4호선, 2028년 개통 예정", "2016년 개통한 SRT", "입주 예정일 안내"],
  },
  "walking-time": {
    caught: ["신천역 도보 5분", "걸어서 3분 거리 초등학교", "차량 10분 거리 백화점", "도보 약 7분"],
    fine: ["신천역 도보 8분(약 650m, 네이버 지도 기준)", "서울역까지 KTX로 약 1시간 50분", "도보 통학이 가능한 학세권"],
  },
  "exclusive-claim": {
    caught: ["대구 최초 스카이 라운지", "국내 유일 설계", "지역 최대 규모 커뮤니티", "업계 1위 브랜드"],
    fine: ["대구 최초 (2025년 한국부동산원 조사 기준) 스카이 라운지", "최초 계약자 사은품", "단지 내 최대 놀이터"],
  },
  lottery: {
    caught: ["로또 분양", "로또청약 단지"],
    fine: ["주택청약 당첨자 발표", "로또 판매점이 가까운 상가"],
  },
};

describe("the ad-copy check", () => {
  test("every phrase in the list has a reason, a source and test cases", () => {
    for (const entry of RISKY_PHRASES) {
      expect(entry.reason.length, entry.id).toBeGreaterThan(10);
      expect(entry.source.length, entry.id).toBeGreaterThan(5);
      expect(CASES[entry.id], entry.id).toBeDefined();
    }
  });

  for (const entry of RISKY_PHRASES) {
    test(`catches ${entry.phrase} in its spellings and names why`, () => {
      for (const text of CASES[entry.id].caught) {
        const warnings = findRiskyPhrases(text);
        expect(
          warnings.map((warning) => warning.id),
          text,
        ).toContain(entry.id);
        const warning = warnings.find((found) => found.id === entry.id)!;
        expect(warning.message).toContain(entry.reason);
      }
    });

    test(`leaves a harmless near-miss of ${entry.phrase} alone`, () => {
      for (const text of CASES[entry.id].fine) {
        expect(
          findRiskyPhrases(text).map((warning) => warning.id),
          text,
        ).not.toContain(entry.id);
      }
    });
  }

  test("a zero-width space or full-width characters do not hide a phrase", () => {
    expect(findRiskyPhrases("확\u200B정수익").map((warning) => warning.id)).toContain("guaranteed-return");
    expect(findRiskyPhrases("１００％ 당첨").map((warning) => warning.id)).toContain("hundred-percent");
  });

  test("a date or a basis only counts in the sentence of the phrase", () => {
    expect(findRiskyPhrases("12월 15일 청약 접수. 마감 임박!").map((warning) => warning.id)).toContain("closing-soon");
    expect(findRiskyPhrases("신천역 도보 5분. 네이버 지도 기준 650m.").map((warning) => warning.id)).toContain("walking-time");
  });

  test("warnings are given per field, and fields without any are left out", () => {
    const warnings = adCopyWarningsOf({ title: "무조건 당첨", summary: "견본주택 개관 안내", content: "" });
    expect(Object.keys(warnings)).toEqual(["title"]);
  });
});
