import { describe, expect, test } from "vitest";
import { advertisingSendTime, inQuietHours } from "./advertising.ts";

const kst = (iso: string) => new Date(`${iso}+09:00`);

describe("advertising texts wait through the night, 21:00 to 08:00 Korean time", () => {
  test("at 20:59 a text goes now", () => {
    expect(inQuietHours(kst("2026-11-23T20:59:59"))).toBe(false);
    expect(advertisingSendTime(kst("2026-11-23T20:59:59"))).toEqual(kst("2026-11-23T20:59:59"));
  });

  test("at 21:00 it waits until 08:00 the next morning", () => {
    expect(inQuietHours(kst("2026-11-23T21:00:00"))).toBe(true);
    expect(advertisingSendTime(kst("2026-11-23T21:00:00"))).toEqual(kst("2026-11-24T08:00:00"));
  });

  test("just before midnight and just after, it waits until the same 08:00", () => {
    expect(advertisingSendTime(kst("2026-11-23T23:59:00"))).toEqual(kst("2026-11-24T08:00:00"));
    expect(advertisingSendTime(kst("2026-11-24T00:01:00"))).toEqual(kst("2026-11-24T08:00:00"));
  });

  test("at 07:59 it waits the minute until 08:00 that morning", () => {
    expect(inQuietHours(kst("2026-11-24T07:59:59"))).toBe(true);
    expect(advertisingSendTime(kst("2026-11-24T07:59:00"))).toEqual(kst("2026-11-24T08:00:00"));
  });

  test("at 08:00 it goes now", () => {
    expect(inQuietHours(kst("2026-11-24T08:00:00"))).toBe(false);
    expect(advertisingSendTime(kst("2026-11-24T08:00:00"))).toEqual(kst("2026-11-24T08:00:00"));
  });

  test("the last night of a year waits until New Year's morning", () => {
    expect(advertisingSendTime(kst("2026-12-31T22:00:00"))).toEqual(kst("2027-01-01T08:00:00"));
  });
});
