import { leadJsonResponse } from "./lead-json.server.ts";
import type { Route } from "./+types/inquiry";

/** The inquiry form of /Promotion/Customer, posted in place by scripts (a plain post goes to the page). */
export function action({ request, context }: Route.ActionArgs) {
  return leadJsonResponse("inquiry", request, context);
}
