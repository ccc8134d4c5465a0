import { useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "#app/utils/use-hydrated.ts";
import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { BrandStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/brand-intro";

const PATH = "/Brand/intro";
const TEXT_DELAY_MS = 500;
const IMAGE_SCROLL_THRESHOLD = 200;
/** Scripts that start this long after the navigation find a reader already reading: no slide then. */
const LATE_HYDRATION_MS = 2_000;

const noSubscription = () => () => {};
let startedLate: boolean | undefined;
/** Read once, when the page first hydrates: whether that was late. */
const hydratedLate = () => (startedLate ??= performance.now() > LATE_HYDRATION_MS);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  return { page, brand: site.infoPages.brand };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.brand.image,
  });

export default function BrandIntroPage({ loaderData }: Route.ComponentProps) {
  const { brand } = loaderData;
  const { mounted, settled, textShown, imageShown } = useBrandReveal();
  const classes = ["info-page", "brand-story"];
  if (mounted) classes.push("is-mounted");
  if (settled) classes.push("is-settled");
  if (textShown) classes.push("is-text-shown");
  if (imageShown) classes.push("is-image-shown");
  return (
    <section className={classes.join(" ")} aria-labelledby="brand-story-title">
      <BrandStylesheet />
      <div className="brand-story__text">
        <SectionHeading section={brand} id="brand-story-title" />
        <ul className="brand-values">
          {brand.values.map((value) => (
            <li key={value.title}>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <figure className="brand-story__figure info-figure">
        <Picture image={brand.image} sizes="(max-width: 900px) 100vw, 1280px" />
        <figcaption>
          <Notes notes={brand.notes} />
        </figcaption>
      </figure>
    </section>
  );
}

/**
 * The text box rises in 500 ms after mount; the picture once the page has scrolled past 200 px
 * (or at once when the page is too short to scroll that far). Both are only slides of what the
 * server HTML already shows (brand.css): nothing waits for this script to be read. A page whose
 * scripts ran late (a slow phone, a busy network) skips the slides and settles at once.
 */
function useBrandReveal() {
  const mounted = useHydrated();
  const settled = useSyncExternalStore(noSubscription, hydratedLate, () => false);
  const [textTimerDone, setTextTimerDone] = useState(false);
  const [scrolledToImage, setScrolledToImage] = useState(false);
  const textShown = settled || textTimerDone;
  const imageShown = settled || scrolledToImage;

  useEffect(() => {
    if (settled) return;
    const timer = window.setTimeout(() => setTextTimerDone(true), TEXT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [settled]);

  useEffect(() => {
    if (imageShown) return;
    const check = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY > IMAGE_SCROLL_THRESHOLD || scrollable <= IMAGE_SCROLL_THRESHOLD) setScrolledToImage(true);
    };
    check();
    window.addEventListener("scroll", check, { passive: true });
    window.addEventListener("resize", check);
    return () => {
      window.removeEventListener("scroll", check);
      window.removeEventListener("resize", check);
    };
  }, [imageShown]);

  return { mounted, settled, textShown, imageShown };
}
