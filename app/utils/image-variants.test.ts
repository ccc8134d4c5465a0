import { describe, expect, test } from "vitest";
import { hasVariants, variantUrl, variantWidths } from "./image-variants.js";

describe("image variants", () => {
  test("are never wider than their source, and the source's own width is the largest", () => {
    expect(variantWidths(3000)).toEqual([480, 960, 1440, 1920]);
    expect(variantWidths(1920)).toEqual([480, 960, 1440, 1920]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(300)).toEqual([300]);
  });

  test("exist for PNG and JPEG under /images only", () => {
    expect(hasVariants("/images/daegu/a.png")).toBe(true);
    expect(hasVariants("/images/daegu/a.JPG")).toBe(true);
    expect(hasVariants("/images/daegu/a.svg")).toBe(false);
    expect(hasVariants("/announcement.png")).toBe(false);
    expect(hasVariants("/images/_generated/daegu/a-480.png")).toBe(false);
  });

  test("are named after the source, the width and the format", () => {
    expect(variantUrl("/images/daegu/units/84a.jpeg", 960, "webp")).toBe("/images/_generated/daegu/units/84a-960.webp");
  });
});
