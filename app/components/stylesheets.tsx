import { InlineStylesheet } from "./inline-stylesheet.tsx";
import formsCss from "#app/styles/forms.css?inline";
import formsHref from "#app/styles/forms.css?url";
import globalCss from "#app/styles/global.css?inline";
import globalHref from "#app/styles/global.css?url";
import homeCss from "#app/styles/home.css?inline";
import homeHref from "#app/styles/home.css?url";
import noticePopupsCss from "#app/styles/notice-popups.css?inline";
import noticePopupsHref from "#app/styles/notice-popups.css?url";
import pagesCss from "#app/styles/pages.css?inline";
import pagesHref from "#app/styles/pages.css?url";
import pressCss from "#app/styles/press.css?inline";
import pressHref from "#app/styles/press.css?url";

/*
 * The public pages' stylesheets, each rendered by the component that needs it. The CSS text is
 * read only in the server build (`import.meta.env.SSR`), so it never reaches a script.
 */
const SSR = import.meta.env.SSR;

export const GlobalStylesheet = () => <InlineStylesheet href={globalHref} css={SSR ? globalCss : ""} />;
export const PagesStylesheet = () => <InlineStylesheet href={pagesHref} css={SSR ? pagesCss : ""} />;
export const HomeStylesheet = () => <InlineStylesheet href={homeHref} css={SSR ? homeCss : ""} />;
export const FormsStylesheet = () => <InlineStylesheet href={formsHref} css={SSR ? formsCss : ""} />;
export const PressStylesheet = () => <InlineStylesheet href={pressHref} css={SSR ? pressCss : ""} />;
export const NoticePopupsStylesheet = () => <InlineStylesheet href={noticePopupsHref} css={SSR ? noticePopupsCss : ""} />;
