import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Picture, preloadImage } from "./picture.tsx";

const photo = { src: "/images/daegu/lobby.jpg", alt: "로비", width: 1600, height: 900 };
const drawing = { src: "/images/daegu/hero.svg", alt: "야경", width: 1920, height: 1080 };

describe("Picture", () => {
  test("serves a photo as AVIF and WebP at every built width up to its own, with its box reserved", () => {
    const html = renderToString(<Picture image={photo} sizes="50vw" />);
    expect(html).toContain(
      'type="image/avif" srcSet="/images/_generated/daegu/lobby-480.avif 480w, /images/_generated/daegu/lobby-960.avif 960w, /images/_generated/daegu/lobby-1440.avif 1440w, /images/_generated/daegu/lobby-1600.avif 1600w" sizes="50vw"',
    );
    expect(html).toContain('type="image/webp"');
    expect(html).toMatch(/<img src="\/images\/daegu\/lobby\.jpg" alt="로비" width="1600" height="900" loading="lazy" decoding="async"/);
  });

  test("draws an SVG as a plain image", () => {
    const html = renderToString(<Picture image={drawing} />);
    expect(html).not.toContain("<picture");
    expect(html).toContain('src="/images/daegu/hero.svg"');
  });

  test("loads the page's main image eagerly and first when marked priority", () => {
    const html = renderToString(<Picture image={drawing} priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('loading="lazy"');
  });
});

describe("preloadImage", () => {
  test("preloads the AVIF variants a photo's <picture> will choose from", () => {
    expect(preloadImage(photo, "100vw")).toMatchObject({
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSizes: "100vw",
      imageSrcSet: expect.stringContaining("/images/_generated/daegu/lobby-960.avif 960w"),
      fetchPriority: "high",
    });
  });

  test("preloads an SVG by its URL", () => {
    expect(preloadImage(drawing)).toMatchObject({ rel: "preload", as: "image", href: drawing.src });
  });
});
