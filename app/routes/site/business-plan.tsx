import { requireInfoPage } from "#app/.server/info-pages.ts";
import { ComingSoon } from "#app/components/pages/coming-soon.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/business-plan";
import "#app/styles/pages.css";

const PATH = "/BusinessGuide/plan";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  const { label, schedule } = site.infoPages.comingSoon;
  return { page, label, section: schedule };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
  });

export default function BusinessPlanPage({ loaderData }: Route.ComponentProps) {
  return <ComingSoon label={loaderData.label} section={loaderData.section} />;
}
