import { describe, expect, test } from "vitest";
import { seo } from "./meta.ts";

const site = {
  siteUrl: "https://www.example.co.kr",
  siteName: "예시 단지",
  shareImage: { src: "/images/example/share.svg", alt: "예시 단지", width: 1200, height: 630 },
};

describe("page metadata", () => {
  test("every page gets title, description, robots, canonical, Open Graph and Twitter tags", () => {
    const tags = seo(site, { title: "브랜드소개", description: "설명", path: "/Brand/intro" });
    expect(tags).toEqual(
      expect.arrayContaining([
        { title: "브랜드소개" },
        { name: "description", content: "설명" },
        { name: "robots", content: "index,follow" },
        { tagName: "link", rel: "canonical", href: "https://www.example.co.kr/Brand/intro" },
        { property: "og:url", content: "https://www.example.co.kr/Brand/intro" },
        { property: "og:image", content: "https://www.example.co.kr/images/_generated/example/share-og.png" },
        { property: "og:image:type", content: "image/png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
  });

  test("a page's own picture is shared as the preview the build composes of it, never as the drawing itself", () => {
    const plan = { src: "/images/example/floorplan-24a.svg", alt: "24A 평면도", width: 1200, height: 900 };
    const tags = seo(site, { title: "24A", description: "d", path: "/FloorPlan/24A", image: plan });
    expect(tags).toEqual(
      expect.arrayContaining([
        { property: "og:image", content: "https://www.example.co.kr/images/_generated/example/floorplan-24a-og.png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { property: "og:image:alt", content: "24A 평면도" },
        { name: "twitter:image", content: "https://www.example.co.kr/images/_generated/example/floorplan-24a-og.png" },
      ]),
    );
  });

  test("structured data becomes one ld+json entry per object", () => {
    const breadcrumb = { "@context": "https://schema.org", "@type": "BreadcrumbList" };
    const tags = seo(site, { title: "t", description: "d", path: "/", jsonLd: [breadcrumb, breadcrumb] });
    expect(tags.filter((tag) => "script:ld+json" in tag)).toHaveLength(2);
  });
});
