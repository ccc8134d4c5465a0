import { InlineStylesheet } from "./inline-stylesheet.tsx";
import formsCss from "#app/styles/forms.css?inline";
import formsHref from "#app/styles/forms.css?url";
import errorPageCss from "#app/styles/error-page.css?inline";
import errorPageHref from "#app/styles/error-page.css?url";
import brandCss from "#app/styles/brand.css?inline";
import brandHref from "#app/styles/brand.css?url";
import floorPlansCss from "#app/styles/floor-plans.css?inline";
import floorPlansHref from "#app/styles/floor-plans.css?url";
import globalCss from "#app/styles/global.css?inline";
import globalHref from "#app/styles/global.css?url";
import homeCss from "#app/styles/home.css?inline";
import homeHref from "#app/styles/home.css?url";
import locationCss from "#app/styles/location.css?inline";
import locationHref from "#app/styles/location.css?url";
import noticePopupsCss from "#app/styles/notice-popups.css?inline";
import noticePopupsHref from "#app/styles/notice-popups.css?url";
import pagesCss from "#app/styles/pages.css?inline";
import pagesHref from "#app/styles/pages.css?url";
import pressCss from "#app/styles/press.css?inline";
import pressHref from "#app/styles/press.css?url";
import salesCss from "#app/styles/sales.css?inline";
import salesHref from "#app/styles/sales.css?url";
import videosCss from "#app/styles/videos.css?inline";
import videosHref from "#app/styles/videos.css?url";

/*
 * The public pages' stylesheets, each rendered by the component that needs it. The CSS text is
 * read only in the server build (`import.meta.env.SSR`), so it never reaches a script.
 * The informational pages' layout (routes/site/page-heading.tsx) renders PagesStylesheet, and each
 * page its family's sheet after it (brand, sales, location, videos, floor plans): a document
 * carries only the rules its page can use
 * (docs/decisions/041-stylesheet-per-page-family.md).
 */
const SSR = import.meta.env.SSR;

export const GlobalStylesheet = () => <InlineStylesheet href={globalHref} css={SSR ? globalCss : ""} />;
export const PagesStylesheet = () => <InlineStylesheet href={pagesHref} css={SSR ? pagesCss : ""} />;
export const BrandStylesheet = () => <InlineStylesheet href={brandHref} css={SSR ? brandCss : ""} />;
export const SalesStylesheet = () => <InlineStylesheet href={salesHref} css={SSR ? salesCss : ""} />;
export const LocationStylesheet = () => <InlineStylesheet href={locationHref} css={SSR ? locationCss : ""} />;
export const VideosStylesheet = () => <InlineStylesheet href={videosHref} css={SSR ? videosCss : ""} />;
export const FloorPlansStylesheet = () => <InlineStylesheet href={floorPlansHref} css={SSR ? floorPlansCss : ""} />;
export const HomeStylesheet = () => <InlineStylesheet href={homeHref} css={SSR ? homeCss : ""} />;
export const FormsStylesheet = () => <InlineStylesheet href={formsHref} css={SSR ? formsCss : ""} />;
export const PressStylesheet = () => <InlineStylesheet href={pressHref} css={SSR ? pressCss : ""} />;
export const ErrorPageStylesheet = () => <InlineStylesheet href={errorPageHref} css={SSR ? errorPageCss : ""} />;
export const NoticePopupsStylesheet = () => <InlineStylesheet href={noticePopupsHref} css={SSR ? noticePopupsCss : ""} />;
