import { data, type RouterContextProvider } from "react-router";
import { teamPerformance } from "#app/.server/leads/performance.ts";
import { requireSite } from "#app/.server/site.ts";
import { performancePeriodSchema } from "#app/forms/performance.ts";
import { signedInAdmin } from "../guard.server.ts";

/** The performance page's period from its address (an impossible one is a 400), and the report the person may see. */
export async function performanceOfRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const admin = signedInAdmin(context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const period = performancePeriodSchema().safeParse({ unit: query.unit, at: query.at });
  if (!period.success) throw data(period.error.issues.map((issue) => issue.message).join(" "), { status: 400 });
  return { period: period.data, report: await teamPerformance(requireSite(context).slug, admin, period.data) };
}
