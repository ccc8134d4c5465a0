import { replace } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import type { Route } from "./+types/press-redirect";

// The old site's press link: the press list of the development this host presents.
export function loader({ context }: Route.LoaderArgs) {
  return replace(`/${requireSite(context).slug}/press`);
}
