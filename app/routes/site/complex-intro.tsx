import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { PlanPage } from "#app/components/pages/plan-page.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/complex-intro";

const PATH = "/ComplexGuide/intro";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, section: site.infoPages.complexLayout };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.section.image,
  });

export default function ComplexLayoutPage({ loaderData }: Route.ComponentProps) {
  return <PlanPage section={loaderData.section} titleId="complexLayout-title" />;
}
