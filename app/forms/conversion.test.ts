import { describe, expect, test } from "vitest";
import { campaignName, SOURCE_WORDS } from "./conversion.ts";

describe("where a lead came from", () => {
  test("a lead with no campaign is 직접 유입 on every console page that names it", () => {
    expect(campaignName([null, null, null])).toBe("직접 유입");
    expect(campaignName([null, null])).toBe(SOURCE_WORDS.direct);
  });

  test("a campaign names each part it has and marks the missing ones the same way", () => {
    expect(campaignName(["naver", "cpc", "11월 분양"])).toBe("naver / cpc / 11월 분양");
    expect(campaignName(["naver", null, null])).toBe("naver / (없음) / (없음)");
    expect(campaignName(["naver", null])).toBe("naver / (없음)");
  });
});
