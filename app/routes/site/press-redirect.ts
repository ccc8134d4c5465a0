import { replace } from "react-router";
import { getEnv } from "#app/.server/env.ts";

// The old site's press link: the list of the development this server presents.
export function loader() {
  return replace(`/${getEnv().SITE}/press`);
}
