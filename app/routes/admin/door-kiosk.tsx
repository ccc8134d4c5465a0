import { data, Form, Link } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { requireSite } from "#app/.server/site.ts";
import { registerWalkIn } from "#app/.server/visits/walk-in.ts";
import { KIOSK_TEXT, KioskFormSchema } from "#app/forms/door.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { KIOSK_PATH } from "./console-access.ts";
import { WalkInForm } from "./door-walk-in.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/door-kiosk";

/**
 * The desk's kiosk: a tablet on which visitors register themselves as walk-ins (decision 029). It
 * sits outside the console's frame (no menu, no lead data); a kiosk session is kept here by the
 * console's middleware, and only signing in again takes the browser back to the console.
 */
export function loader({ context }: Route.LoaderArgs) {
  signedInAdmin(context);
  const site = requireSite(context).pack;
  return {
    siteName: site.brand.name,
    consent: site.leads.consent,
    unitTypes: site.units.map((unit) => ({ key: unit.key, label: unit.label })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const parsed = parseConsoleForm(await request.formData(), KioskFormSchema);
  if (!parsed.ok) return parsed.refused;
  const { intent: _intent, consent: _consent, ...walkIn } = parsed.value;
  const registered = await registerWalkIn(changeContext(context, admin), walkIn, { kiosk: true });
  if (registered.outcome === "unknown-type")
    return refuseSubmission(parsed.submission, { fieldErrors: { unitType: ["관심 타입을 목록에서 골라 주세요."] } });
  if (registered.outcome === "forbidden") throw data("이 현장의 현장 등록 권한이 없습니다.", { status: 403 });
  // A visitor's own number is not read back to the next one at the tablet: only the receipt number.
  return { result: parsed.submission.reply({ resetForm: true }), receiptNumber: registered.receiptNumber ?? "" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: KIOSK_TEXT.title, description: KIOSK_TEXT.title, path: KIOSK_PATH, robots: "noindex,nofollow" });

export default function KioskPage({ loaderData, actionData }: Route.ComponentProps) {
  const { siteName, consent, unitTypes } = loaderData;
  const done = actionData && "receiptNumber" in actionData ? actionData : undefined;
  return (
    <div className="admin">
      <main className="kiosk" id="admin-main">
        <header className="kiosk__head">
          <p className="kiosk__site">{siteName}</p>
          <h1 className="kiosk__title">{KIOSK_TEXT.title}</h1>
        </header>
        {done ? (
          <section className="kiosk__done admin-card">
            <p className="admin-notice" role="status">
              {KIOSK_TEXT.thanks(done.receiptNumber)}
            </p>
            <Link to={KIOSK_PATH} className="admin-button" replace>
              {KIOSK_TEXT.next}
            </Link>
          </section>
        ) : (
          <section className="admin-card kiosk__card">
            <p className="kiosk__intro">{KIOSK_TEXT.intro}</p>
            <WalkInForm
              id="kiosk-walk-in"
              action={KIOSK_PATH}
              consent={consent}
              unitTypes={unitTypes}
              lastResult={actionData?.result}
              submitLabel={KIOSK_TEXT.submit}
            />
          </section>
        )}
        <Form method="post" action="/admin/logout" className="kiosk__leave">
          <button type="submit" className="admin-button admin-button--ghost">
            {KIOSK_TEXT.leave}
          </button>
        </Form>
      </main>
    </div>
  );
}
