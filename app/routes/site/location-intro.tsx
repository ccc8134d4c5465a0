import { requireInfoPage } from "#app/.server/content/info-pages.ts";
import { effectivePack } from "#app/.server/content/site-settings.ts";
import { staticMapImage, wayThereOf } from "#app/.server/content/way-there.ts";
import { documentAllowancesContext } from "#app/.server/http.ts";
import { Notes, SectionHeading } from "#app/components/pages/info.tsx";
import { Picture } from "#app/components/picture.tsx";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { mapLinks, type Place } from "#app/utils/maps.ts";
import { KakaoMap } from "./location-map.tsx";
import { LocationStylesheet } from "#app/components/stylesheets.tsx";
import type { Route } from "./+types/location-intro";

const PATH = "/LocationEnvironment/intro";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, page } = requireInfoPage(request, context, PATH);
  const { pack, settings } = await effectivePack(site);
  const way = wayThereOf(pack, settings);
  // The map script and its hosts only when the office set a key (the CSP opens them for this page alone).
  if (way.mapKey) context.set(documentAllowancesContext, { kakaoMap: true });
  const places = [
    { heading: "견본주택", place: way.modelHouse, hours: pack.modelHouse.hours },
    { heading: "현장", place: way.site, hours: null },
  ].map(({ heading, place, hours }) => ({ heading, place, hours, links: mapLinks(place) }));
  return {
    page,
    location: site.infoPages.location,
    way: {
      places,
      parking: way.parking,
      transit: way.transit,
      mapKey: way.mapKey,
      staticMap: way.mapKey ? null : await staticMapImage(pack.slug, way.staticMap),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo(siteSeoFrom(matches), {
    title: loaderData?.page.title ?? "",
    description: loaderData?.page.description ?? "",
    path: PATH,
    image: loaderData?.location.maps[0]?.image,
  });

export default function LocationIntroPage({ loaderData }: Route.ComponentProps) {
  const { location, way } = loaderData;
  const mapped = way.places.find((entry) => entry.place.coordinates)?.place ?? null;
  return (
    <>
      <LocationStylesheet />
      <section className="info-page" aria-labelledby="location-title">
        <SectionHeading section={location} id="location-title" />
        <ol className="highlights">
          {location.highlights.map((highlight, index) => (
            <li key={highlight.title}>
              <span className="highlights__number" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3>{highlight.title}</h3>
              <p>{highlight.text}</p>
            </li>
          ))}
        </ol>
        <div className="location-maps">
          {location.maps.map((map) => (
            <figure key={map.image.src} className="info-figure">
              <Picture image={map.image} sizes="(max-width: 900px) 100vw, 640px" />
              <figcaption className="info-figure__label">{map.label}</figcaption>
            </figure>
          ))}
        </div>
        <Notes notes={location.notes} />
      </section>
      <section className="info-page way-there" id="way-there" aria-labelledby="way-there-title">
        <h2 id="way-there-title" className="way-there__title">
          오시는 길
        </h2>
        {way.mapKey && mapped ? (
          <KakaoMap appKey={way.mapKey} places={way.places.map((entry) => entry.place).filter(hasCoordinates)} />
        ) : way.staticMap ? (
          <figure className="way-there__map">
            <picture>
              {way.staticMap.sources.map((source) => (
                <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="(max-width: 900px) 100vw, 960px" />
              ))}
              <img
                src={way.staticMap.src}
                width={way.staticMap.width}
                height={way.staticMap.height}
                alt="견본주택과 현장 약도"
                loading="lazy"
              />
            </picture>
          </figure>
        ) : null}
        <div className="way-there__places">
          {way.places.map(({ heading, place, hours, links }) => (
            <div key={heading} className="way-there__place">
              <h3>{heading}</h3>
              <p className="way-there__address">{place.address}</p>
              {hours ? <p className="way-there__hours">운영시간 {hours}</p> : null}
              <p className="way-there__apps" aria-label={`${heading} 지도 앱으로 열기`}>
                {links.map((link) => (
                  <a key={link.app} href={link.href} className={`way-there__app way-there__app--${link.app}`} rel="noopener noreferrer">
                    {link.label}
                  </a>
                ))}
              </p>
            </div>
          ))}
        </div>
        {way.parking || way.transit ? (
          <dl className="way-there__facts">
            {way.transit ? (
              <>
                <dt>대중교통</dt>
                <dd>{way.transit}</dd>
              </>
            ) : null}
            {way.parking ? (
              <>
                <dt>주차</dt>
                <dd>{way.parking}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </section>
    </>
  );
}

function hasCoordinates(place: Place): place is Place & { coordinates: NonNullable<Place["coordinates"]> } {
  return Boolean(place.coordinates);
}
