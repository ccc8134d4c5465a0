import type { Admin } from "#app/.server/auth/sign-in.ts";
import { CACHE_CONTROL } from "#app/.server/http.ts";
import { PRESS_MENU_URL, type PressHeaderContent } from "#app/components/press-header.tsx";
import type { SitePack } from "#app/content/types.ts";

/** Banner and sub-menu of every press page, from the content pack. */
export function pressHeader(site: SitePack): PressHeaderContent {
  return {
    banner: site.pressPage.banner,
    eyebrow: site.brand.nameEn,
    menu: site.menu.find((group) => group.subMenu.some((item) => item.subUrl === PRESS_MENU_URL)) ?? null,
  };
}

/**
 * Press pages are the same for every visitor until an administrator signs in: then they carry
 * the welcome bar and the link to the console, and must never be stored by a browser or a CDN.
 */
export function pressPageHeaders(admin: Admin | null, publicCache: string = CACHE_CONTROL.publicPage): HeadersInit {
  return { "Cache-Control": admin ? CACHE_CONTROL.private : publicCache, Vary: "Cookie" };
}
