import { useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { consoleLoginPath, getAdmin } from "#app/.server/auth/sign-in.ts";
import { can } from "#app/permissions.ts";
import { formatCursor, listPressPage, parseCursor } from "#app/.server/content/press.ts";
import { PressHeader } from "#app/components/press-header.tsx";
import { absoluteUrl, seo, siteSeoFrom } from "#app/utils/meta.ts";
import { handlePressListAction, toListItems } from "./press-list.server.ts";
import { pressHeader, pressPageHeaders } from "./press.server.ts";
import { requireSite } from "#app/.server/site.ts";
import { PressStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/press-list";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = requireSite(context, params.site).pack;
  const url = new URL(request.url);
  const after = parseCursor(url.searchParams.get("after"));
  const [admin, page] = await Promise.all([getAdmin(request, context), listPressPage(site.slug, after)]);
  return data(
    {
      site: site.slug,
      info: { title: site.pressPage.title, description: site.pressPage.description },
      header: pressHeader(site),
      rssUrl: absoluteUrl(requireSite(context).origin, `/${site.slug}/press/rss.xml`),
      list: {
        items: toListItems(page),
        after: after ? formatCursor(after) : null,
        next: page.next ? formatCursor(page.next) : null,
      },
      admin: admin ? { email: admin.email, mayManage: can(admin.role, "press.manage") } : null,
      // Signing in (with its second factor) is the console's; writing is done there afterwards.
      loginUrl: consoleLoginPath("/admin/press"),
    },
    { headers: pressPageHeaders(admin) },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handlePressListAction({ request, site: requireSite(context, params.site).pack, context });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

// Another form on the page (the interest popup) changes nothing this list shows; reloading it
// would also fold the pages "더보기" appended.
export function shouldRevalidate({ formMethod, formAction, nextParams, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET" && !formAction?.startsWith(`/${nextParams.site}/press`)) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo(siteSeoFrom(matches), {
    title: loaderData?.info.title ?? "",
    description: loaderData?.info.description ?? "",
    path: loaderData ? `/${loaderData.site}/press` : "/Promotion/Press",
    // Later pages exist for visitors without scripts; the articles themselves are in sitemap.xml.
    robots: loaderData?.list.after ? "noindex,follow" : undefined,
  }),
  ...(loaderData
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          title: loaderData.info.title,
          href: loaderData.rssUrl,
        },
      ]
    : []),
];

export default function PressListPage({ loaderData }: Route.ComponentProps) {
  const { site, list, admin, loginUrl, header } = loaderData;
  return (
    <>
      <PressStylesheet />
      <PressHeader header={header} />
      <div className="press">
        <PressTable site={site} first={list} />
        {admin ? (
          <div className="press-staff">
            <WelcomeBar site={site} email={admin.email} />
            {admin.mayManage ? (
              <p className="press-staff__manage">
                <Link to="/admin/press" className="button button--brand">
                  관리자 화면에서 보도자료 관리
                </Link>
              </p>
            ) : (
              <p className="press-note">보도자료는 대표·관리자 계정만 올리고 고칠 수 있습니다.</p>
            )}
          </div>
        ) : (
          <p className="press-staff press-staff--signed-out">
            <a href={loginUrl} className="press-staff__login">
              관리자 로그인
            </a>
          </p>
        )}
      </div>
    </>
  );
}

type ListPage = Route.ComponentProps["loaderData"]["list"];

function PressTable({ site, first }: { site: string; first: ListPage }) {
  const { items, next, loading, loadMore } = useMorePages(site, first);
  return (
    <section className="press-list" aria-labelledby="press-list-title">
      <div className="press-list__head">
        <h2 id="press-list-title" className="press-list__title">
          보도자료 목록
        </h2>
      </div>
      {items.length === 0 ? (
        <p className="press-list__empty">등록된 보도자료가 없습니다.</p>
      ) : (
        <table className="press-table">
          <thead>
            <tr>
              <th scope="col" className="press-table__number">
                번호
              </th>
              <th scope="col" className="press-table__title">
                제목
              </th>
              <th scope="col" className="press-table__wide">
                작성자
              </th>
              <th scope="col" className="press-table__date">
                작성일
              </th>
              <th scope="col" className="press-table__wide">
                조회수
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((article) => (
              <tr key={article.id}>
                <td className="press-table__number">{article.number}</td>
                <td className="press-table__title">
                  {/* No prefetch: opening an article counts a view, and a prefetch is not one. */}
                  <Link to={`/${site}/press/${article.id}`}>{article.title}</Link>
                </td>
                <td className="press-table__wide">관리자</td>
                <td className="press-table__date">
                  <time dateTime={article.isoDate}>{article.dateLabel}</time>
                </td>
                <td className="press-table__wide">{article.views.toLocaleString("ko-KR")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="visually-hidden" aria-live="polite">
        {items.length > first.items.length ? `보도자료 ${items.length}건을 표시하고 있습니다.` : ""}
      </p>
      {next ? (
        <div className="press-list__more">
          <Link
            to={`/${site}/press?after=${encodeURIComponent(next)}`}
            className="button button--outline"
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              loadMore();
            }}
          >
            {loading ? "불러오는 중…" : "더보기"}
          </Link>
        </div>
      ) : null}
    </section>
  );
}

/**
 * "더보기" appends the page after the last loaded row. The fetched pages live here until the
 * first page changes (an article was published), which starts the list over.
 */
function useMorePages(site: string, first: ListPage) {
  const fetcher = useFetcher<typeof loader>();
  const [state, setState] = useState({
    first,
    more: [] as ListPage["items"],
    next: first.next,
    pending: null as string | null,
  });
  if (state.first !== first) {
    setState({ first, more: [], next: first.next, pending: null });
  }
  const arrived = fetcher.state === "idle" && state.pending !== null ? fetcher.data?.list : undefined;
  if (arrived && arrived.after === state.pending) {
    const seen = new Set([...state.first.items, ...state.more].map((article) => article.id));
    setState({
      ...state,
      more: [...state.more, ...arrived.items.filter((article) => !seen.has(article.id))],
      next: arrived.next,
      pending: null,
    });
  }
  return {
    items: state.first === first ? [...first.items, ...state.more] : first.items,
    next: state.first === first ? state.next : first.next,
    loading: fetcher.state !== "idle",
    loadMore() {
      if (!state.next || fetcher.state !== "idle") return;
      setState({ ...state, pending: state.next });
      void fetcher.load(`/${site}/press?after=${encodeURIComponent(state.next)}`);
    },
  };
}

function WelcomeBar({ site, email }: { site: string; email: string }) {
  const busy = useSubmitting("logout");
  return (
    <div className="press-welcome">
      <p>
        <strong>{email}</strong> 님, 환영합니다.
      </p>
      <Form method="post" action={`/${site}/press`} preventScrollReset>
        <input type="hidden" name="intent" value="logout" />
        <button type="submit" className="button button--outline press-button--small" disabled={busy}>
          로그아웃
        </button>
      </Form>
    </div>
  );
}

/** True while this page's form with the given intent is being sent. */
function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
