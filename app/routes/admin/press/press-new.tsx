import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { kstDay } from "#app/utils/kst.ts";
import { PressEditor } from "./press-editor.tsx";
import { handleEditorAction } from "./press.server.ts";
import type { Route } from "./+types/press-new";

export function loader() {
  return { today: kstDay(new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleEditorAction({ request, context });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "새 보도자료 | 관리자",
    description: "새 보도자료",
    path: "/admin/press/new",
    robots: "noindex,nofollow",
  });

const EMPTY = { title: "", summary: "", content: "", publication: "draft", publishDay: "", publishTime: "" } as const;

export default function PressNewPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">새 보도자료</h1>
      </div>
      <PressEditor values={EMPTY} answer={actionData} today={loaderData.today} />
    </div>
  );
}
