import { Link } from "react-router";
import { listPopups } from "#app/.server/content/popups.ts";
import { requireSite } from "#app/.server/site.ts";
import { POPUP_DEVICE_LABELS, POPUP_DEVICES } from "#app/forms/popups.ts";
import { IMAGE_PROCESSING_MESSAGES } from "#app/forms/uploads.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { useRevalidateWhile } from "./image-progress.tsx";
import type { Route } from "./+types/popups";

const STATUS_LABELS = { scheduled: "예정", showing: "게시 중", ended: "종료" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const url = new URL(request.url);
  const now = Date.now();
  const popups = (await listPopups(site)).map((popup) => {
    const status = popup.startsAt.getTime() > now ? "scheduled" : popup.endsAt.getTime() > now ? "showing" : "ended";
    return {
      id: popup.id,
      title: popup.title,
      status,
      period: `${formatKst(popup.startsAt)} ~ ${formatKst(popup.endsAt)}`,
      devices: POPUP_DEVICE_LABELS[POPUP_DEVICES.find((device) => device === popup.devices) ?? "all"],
      order: popup.sortOrder,
      image: popup.image,
    } as const;
  });
  const saved = Number(url.searchParams.get("saved"));
  const savedTitle = popups.find((popup) => popup.id === saved)?.title;
  const message =
    url.searchParams.get("deleted") === "1" ? "팝업을 삭제했습니다." : savedTitle ? `「${savedTitle}」 팝업을 저장했습니다.` : null;
  return { popups, message };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "공지 팝업 | 관리자", description: "공지 팝업", path: "/admin/popups", robots: "noindex,nofollow" });

export default function PopupsPage({ loaderData }: Route.ComponentProps) {
  const { popups, message } = loaderData;
  useRevalidateWhile(popups.some((popup) => popup.image === "processing"));
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">공지 팝업</h1>
        <div className="admin-actions">
          <Link to="/admin/popups/new" className="admin-button admin-button--primary">
            새 팝업
          </Link>
        </div>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <p className="admin-muted">
        게시 기간 동안 홈페이지 모든 화면 위에 뜹니다. PC에서는 나란히, 휴대폰에서는 한 장씩 보이고, 방문자는 「오늘 하루 보지 않기」로 그날
        자정까지 닫을 수 있습니다.
      </p>
      <section className="admin-card" aria-labelledby="popup-list-title">
        <h2 id="popup-list-title" className="visually-hidden">
          팝업 목록
        </h2>
        {popups.length === 0 ? (
          <p className="admin-empty__text">아직 팝업이 없습니다. 「새 팝업」으로 첫 공지를 올려 보세요.</p>
        ) : (
          <ol className="popup-rows">
            {popups.map((popup) => (
              <li key={popup.id} className="popup-row">
                <Link to={`/admin/popups/${popup.id}`} className="popup-row__title">
                  {popup.title}
                </Link>
                <p className="popup-row__facts">
                  <span className={`popup-badge popup-badge--${popup.status}`}>{STATUS_LABELS[popup.status]}</span>
                  <span>{popup.period}</span>
                  <span>{popup.devices}</span>
                  <span>순서 {popup.order}</span>
                  {popup.image === "ready" ? <span>이미지 있음</span> : null}
                  {popup.image === "processing" ? (
                    <span className="popup-badge popup-badge--processing" role="status">
                      {IMAGE_PROCESSING_MESSAGES.processingShort}
                    </span>
                  ) : null}
                  {popup.image === "failed" ? (
                    <span className="popup-badge popup-badge--failed">{IMAGE_PROCESSING_MESSAGES.failedShort}</span>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
