import { getPopup } from "#app/.server/content/popups.ts";
import { requireSite } from "#app/.server/site.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { useRevalidateWhile } from "./image-progress.tsx";
import { PopupEditor } from "./popup-editor.tsx";
import { handlePopupAction, popupEditorValues, popupNotFound, requirePopupId } from "./popups.server.ts";
import type { Route } from "./+types/popup-edit";

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = requirePopupId(params.id);
  const popup = await getPopup(requireSite(context).slug, id);
  if (!popup) throw popupNotFound();
  const image =
    popup.image?.state === "ready"
      ? { state: "ready" as const, src: popup.image.src, width: popup.image.width, height: popup.image.height }
      : popup.image;
  return { id, values: popupEditorValues(popup), image };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return handlePopupAction({ request, context, id: requirePopupId(params.id) });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(siteSeoFrom(matches), {
    title: "팝업 수정 | 관리자",
    description: "공지 팝업 수정",
    path: `/admin/popups/${params.id}`,
    robots: "noindex,nofollow",
  });

export default function PopupEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { id, values, image } = loaderData;
  useRevalidateWhile(image?.state === "processing");
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">팝업 수정</h1>
      </div>
      <PopupEditor values={values} lastResult={actionData?.result} image={image} popupId={id} />
    </div>
  );
}
