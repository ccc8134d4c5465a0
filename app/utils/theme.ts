import type { CSSProperties } from "react";
import type { SiteTheme } from "#app/content/types.ts";

declare module "react" {
  // Custom properties in a style attribute; React writes them as they are.
  interface CSSProperties {
    [variable: `--${string}`]: string | undefined;
  }
}

/**
 * The pack's palette as the style attribute of <html>, where every stylesheet's variables
 * resolve. global.css declares the same variables with daegu's values as defaults.
 */
export function themeStyle(colors: SiteTheme["colors"]): CSSProperties {
  return {
    "--brand": colors.brand,
    "--brand-deep": colors.brandDeep,
    "--brand-soft": colors.brandSoft,
    "--accent": colors.accent,
    "--accent-light": colors.accentLight,
    "--accent-ink": colors.accentInk,
    "--surface": colors.surface,
    "--surface-deep": colors.surfaceDeep,
    "--line": colors.line,
  };
}
