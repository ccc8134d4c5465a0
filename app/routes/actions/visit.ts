import { leadJsonResponse } from "./lead-json.server.ts";
import type { Route } from "./+types/visit";

/** The visit reservation form, posted in place by scripts (a plain post goes to /{site}/customer). */
export function action({ request, context }: Route.ActionArgs) {
  return leadJsonResponse("visit", request, context);
}
