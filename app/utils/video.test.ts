import { describe, expect, test } from "vitest";
import { videoEmbedUrl } from "./video.ts";

describe("videoEmbedUrl", () => {
  test("builds a muted, inline, autoplaying privacy-enhanced player that does not loop", () => {
    const url = new URL(videoEmbedUrl("onbitBrand1"));
    expect(url.origin).toBe("https://www.youtube-nocookie.com");
    expect(url.pathname).toBe("/embed/onbitBrand1");
    expect(Object.fromEntries(url.searchParams)).toEqual({ autoplay: "1", mute: "1", playsinline: "1", rel: "0" });
  });

  test("keeps an id with unexpected characters inside the path", () => {
    expect(new URL(videoEmbedUrl("a/../b?x")).pathname).toBe("/embed/a%2F..%2Fb%3Fx");
  });
});
