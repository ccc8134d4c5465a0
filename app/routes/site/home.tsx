import { getSite } from "#app/.server/site.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import type { Route } from "./+types/home";

export async function loader() {
  const site = getSite();
  const page = site.pages["/"];
  if (!page) throw new Error("The content pack has no home page entry.");
  return { page, projectName: site.brand.projectName, phone: site.phone };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: "/",
  });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { page, projectName, phone } = loaderData;
  return (
    <section className="home-hero">
      <h1>{projectName}</h1>
      {page.banner.taglines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>분양문의 {phone}</p>
    </section>
  );
}
