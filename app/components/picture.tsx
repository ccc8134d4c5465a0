import { useCallback, useEffect, useState } from "react";
import type { LinkDescriptor } from "react-router";
import type { ImageAsset } from "#app/content/types.ts";
import { hasVariants, VARIANT_FORMATS, variantUrl, variantWidths } from "#app/utils/image-variants.js";

const FADE_MS = 500;

function srcSet(image: ImageAsset, format: "avif" | "webp") {
  return variantWidths(image.width)
    .map((width) => `${variantUrl(image.src, width, format)} ${width}w`)
    .join(", ");
}

/**
 * An image with its box reserved (width/height) that never delays the page: lazy and async
 * unless `priority` marks it as the largest thing above the fold. Photos (PNG/JPEG under
 * /images/) are served as AVIF or WebP at the width the screen needs; SVGs as they are.
 * Below-the-fold images fade in once loaded; without JavaScript they simply appear.
 */
export function Picture(props: PictureProps) {
  // A new source is a new element: it fades in afresh instead of inheriting the old one's state.
  return <FadingPicture key={props.image.src} {...props} />;
}

interface PictureProps {
  image: ImageAsset;
  priority?: boolean;
  /** How wide the image is drawn, for choosing a variant; e.g. "(max-width: 900px) 100vw, 50vw". */
  sizes?: string;
  className?: string;
}

function FadingPicture({ image, priority = false, sizes = "100vw", className }: PictureProps) {
  const [watch, fadeClass, onSettled] = useFadeInOnLoad(!priority);
  const img = (
    <img
      ref={watch}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={[className, fadeClass].filter(Boolean).join(" ") || undefined}
      onLoad={onSettled}
      onError={onSettled}
    />
  );
  if (!hasVariants(image.src)) return img;
  return (
    <picture>
      {VARIANT_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet(image, format)} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}

/**
 * The `links` entry that starts downloading a page's largest above-the-fold image before the
 * HTML body is parsed. Pass the same `sizes` as the <Picture priority> it belongs to.
 */
export function preloadImage(image: ImageAsset, sizes = "100vw"): LinkDescriptor {
  // React Router's link type predates fetchpriority; browsers honour it on preloads.
  const priority = { fetchPriority: "high" };
  if (!hasVariants(image.src)) return Object.assign({ rel: "preload", as: "image", href: image.src } as const, priority);
  const variants = {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: srcSet(image, "avif"),
    imageSizes: sizes,
  } as const;
  return Object.assign(variants, priority);
}

type FadeState = "idle" | "waiting" | "fading";

/**
 * Hides an image only from the moment JavaScript runs until it has loaded, then fades it in
 * and drops the class after the fade. An image already complete at hydration is left alone.
 */
function useFadeInOnLoad(enabled: boolean) {
  const [state, setState] = useState<FadeState>("idle");

  // A callback ref runs at commit with the element, so it sees whether the image is already there.
  const watch = useCallback(
    (img: HTMLImageElement | null) => {
      if (enabled && img && !img.complete) setState("waiting");
    },
    [enabled],
  );

  useEffect(() => {
    if (state !== "fading") return;
    const timer = window.setTimeout(() => setState("idle"), FADE_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const className = state === "waiting" ? "is-image-waiting" : state === "fading" ? "is-image-fading" : undefined;
  const onSettled = () => setState((current) => (current === "waiting" ? "fading" : current));
  return [watch, className, onSettled] as const;
}
