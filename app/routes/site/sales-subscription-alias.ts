import { redirect } from "react-router";
import type { Route } from "./+types/sales-subscription-alias";

// /SalesInfo/guide is the old site's address for the subscription guide (docs/decisions/005).
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/SalesInfo/SubscriptionGuide${new URL(request.url).search}`, 301);
}
