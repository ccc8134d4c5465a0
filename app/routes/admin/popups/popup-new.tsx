import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { PopupEditor } from "./popup-editor.tsx";
import { handlePopupAction, newPopupValues } from "./popups.server.ts";
import type { Route } from "./+types/popup-new";

export function loader() {
  return { values: newPopupValues() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handlePopupAction({ request, context });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "새 팝업 | 관리자",
    description: "새 공지 팝업",
    path: "/admin/popups/new",
    robots: "noindex,nofollow",
  });

export default function PopupNewPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">새 팝업</h1>
      </div>
      <PopupEditor values={loaderData.values} lastResult={actionData?.result} image={null} />
    </div>
  );
}
