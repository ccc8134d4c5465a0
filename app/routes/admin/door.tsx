import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, redirect, useSubmit } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { makeKioskSession } from "#app/.server/auth/session.ts";
import { db } from "#app/.server/db.ts";
import { CAMERA_ALLOWED, documentAllowancesContext } from "#app/.server/http.ts";
import { requireSite } from "#app/.server/site.ts";
import { checkInBooking, checkInByKey, findDoorVisitors, isDoorQuery, type DoorCheckIn } from "#app/.server/visits/check-in.ts";
import { registerWalkIn } from "#app/.server/visits/walk-in.ts";
import { BOOKING_STATUS_LABELS } from "#app/forms/admin-visits.ts";
import { DOOR_TEXT, DoorFormSchema, doorRefusalMessage } from "#app/forms/door.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { KIOSK_PATH } from "./console-access.ts";
import { DoorScanner } from "./door-scanner.tsx";
import { WalkInForm } from "./door-walk-in.tsx";
import { ErrorList, Field, useConsoleForm } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/door";

/**
 * 입장 확인 at the model house's door, on a phone or a tablet: the camera reads a booking's entry QR
 * (or the desk searches today's visitors), one tap marks 방문 and the counsellor hears of it live;
 * 현장 등록 makes a walk-in a visited lead; the kiosk switch gives the tablet to visitors.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).pack;
  // The QR reader's WebAssembly and the camera: this page's document only (http.ts).
  context.set(documentAllowancesContext, { wasm: true });
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const searched = isDoorQuery(query);
  return data(
    {
      query,
      searched,
      visitors: searched ? await findDoorVisitors(changeContext(context, admin), query) : [],
      consent: site.leads.consent,
      unitTypes: site.units.map((unit) => ({ key: unit.key, label: unit.label })),
    },
    { headers: CAMERA_ALLOWED },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const change = changeContext(context, admin);
  const parsed = parseConsoleForm(await request.formData(), DoorFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  switch (post.intent) {
    case "check-in":
    case "check-in-key": {
      const checked = post.intent === "check-in" ? await checkInBooking(change, post.bookingId) : await checkInByKey(change, post.key);
      return answerCheckIn(checked, parsed.submission, post.intent);
    }
    case "walk-in": {
      const { intent: _intent, consent: _consent, ...walkIn } = post;
      const registered = await registerWalkIn(change, walkIn);
      if (registered.outcome === "unknown-type")
        return refuseSubmission(
          parsed.submission,
          { fieldErrors: { unitType: ["관심 타입을 목록에서 골라 주세요."] } },
          { extra: { intent: post.intent } },
        );
      if (registered.outcome === "forbidden") throw data(doorRefusalMessage("forbidden"), { status: 403 });
      const message =
        registered.outcome === "registered" ? DOOR_TEXT.walkedIn(post.name, registered.receiptNumber) : DOOR_TEXT.walkInRetried;
      return { result: parsed.submission.reply({ resetForm: true }), intent: post.intent, message };
    }
    case "kiosk": {
      await makeKioskSession(db(), admin.sessionId);
      throw redirect(KIOSK_PATH);
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

/** A check-in's answer: the notice, or the reason beside the form that asked (409: the booking is not one to check in). */
function answerCheckIn(checked: DoorCheckIn, submission: Parameters<typeof refuseSubmission>[0], intent: "check-in" | "check-in-key") {
  if (checked.ok)
    return { result: submission.reply({ resetForm: true }), intent, message: DOOR_TEXT.checkedIn(checked.name, checked.when) };
  const status = checked.reason === "forbidden" ? 403 : checked.reason === "unknown" ? 404 : 409;
  return refuseSubmission(submission, { formErrors: [doorRefusalMessage(checked.reason, checked.when)] }, { status, extra: { intent } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: `${DOOR_TEXT.title} | 관리자`,
    description: DOOR_TEXT.title,
    path: "/admin/door",
    robots: "noindex,nofollow",
  });

export default function DoorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, searched, visitors, consent, unitTypes } = loaderData;
  const submit = useSubmit();
  const answer = actionData && "message" in actionData ? actionData : undefined;
  const keyAnswer = actionData?.intent === "check-in-key" ? actionData : undefined;
  const checkInAnswer = actionData?.intent === "check-in" ? actionData : undefined;
  const walkInAnswer = actionData?.intent === "walk-in" ? actionData : undefined;
  const [keyForm, keyFields] = useConsoleForm({ id: "door-key", schema: DoorFormSchema, lastResult: keyAnswer?.result });
  return (
    <div className="admin-page door">
      <div className="admin-page__head">
        <h1 className="admin-title">{DOOR_TEXT.title}</h1>
      </div>
      <p className="admin-muted">{DOOR_TEXT.intro}</p>
      {answer ? (
        <p className="admin-notice door__notice" role="status">
          {answer.message}
        </p>
      ) : null}
      <section className="admin-card door__scan" aria-labelledby="door-scan-title">
        <h2 id="door-scan-title" className="admin-card__title">
          입장 QR
        </h2>
        <DoorScanner onKey={(key) => void submit({ intent: "check-in-key", key }, { method: "post" })} />
        <Form method="post" {...getFormProps(keyForm)} className="admin-form door__key">
          <input type="hidden" name="intent" value="check-in-key" />
          <ErrorList id={keyForm.errorId} errors={keyForm.errors} />
          <Field meta={keyFields.key} label={DOOR_TEXT.keyLabel} hint={DOOR_TEXT.keyHint} autoComplete="off" autoCapitalize="off" />
          <button type="submit" className="admin-button admin-button--ghost">
            {DOOR_TEXT.keySubmit}
          </button>
        </Form>
      </section>
      <section className="admin-card door__search" aria-labelledby="door-search-title">
        <h2 id="door-search-title" className="admin-card__title">
          {DOOR_TEXT.visitorsHeading}
        </h2>
        <Form method="get" className="door__search-form" role="search">
          <label htmlFor="door-q">{DOOR_TEXT.searchLabel}</label>
          <div className="door__search-row">
            <input id="door-q" name="q" type="search" defaultValue={query} maxLength={20} autoComplete="off" />
            <button type="submit" className="admin-button">
              {DOOR_TEXT.searchSubmit}
            </button>
          </div>
        </Form>
        {searched && visitors.length === 0 ? <p className="admin-muted">{DOOR_TEXT.searchNone}</p> : null}
        {visitors.length > 0 ? (
          <ul className="door__visitors">
            {visitors.map((visitor) => (
              <li key={visitor.bookingId} className="door__visitor">
                <div>
                  <strong>{visitor.name}</strong> <span className="admin-muted">{visitor.phoneEnd}</span>
                  <div className="admin-muted">
                    {visitor.time} · {DOOR_TEXT.counsellor} {visitor.counsellor ?? DOOR_TEXT.unassigned} ·{" "}
                    {BOOKING_STATUS_LABELS[visitor.status]}
                  </div>
                </div>
                {visitor.status === "visited" ? null : (
                  <CheckInForm
                    bookingId={visitor.bookingId}
                    name={visitor.name}
                    lastResult={
                      checkInAnswer?.result.initialValue?.bookingId === String(visitor.bookingId) ? checkInAnswer.result : undefined
                    }
                  />
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="admin-card door__walk-in" aria-labelledby="door-walk-in-title">
        <h2 id="door-walk-in-title" className="admin-card__title">
          {DOOR_TEXT.walkInHeading}
        </h2>
        <p className="admin-muted">{DOOR_TEXT.walkInIntro}</p>
        <WalkInForm
          id="door-walk-in"
          action="/admin/door"
          consent={consent}
          unitTypes={unitTypes}
          lastResult={walkInAnswer?.result}
          submitLabel={DOOR_TEXT.walkInSubmit}
          forStaff
        />
      </section>
      <section className="admin-card door__kiosk" aria-labelledby="door-kiosk-title">
        <h2 id="door-kiosk-title" className="admin-card__title">
          {DOOR_TEXT.kioskHeading}
        </h2>
        <p className="admin-muted">{DOOR_TEXT.kioskIntro}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="kiosk" />
          <button type="submit" className="admin-button admin-button--ghost">
            {DOOR_TEXT.kioskSubmit}
          </button>
        </Form>
      </section>
    </div>
  );
}

/** One visitor's 방문 확인: a form of its own, so a refusal (already checked in, another day) shows in that visitor's row. */
function CheckInForm({ bookingId, name, lastResult }: { bookingId: number; name: string; lastResult?: SubmissionResult<string[]> }) {
  const [form] = useConsoleForm({ id: `check-in-${bookingId}`, schema: DoorFormSchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="door__check-in">
      <input type="hidden" name="intent" value="check-in" />
      <input type="hidden" name="bookingId" value={bookingId} />
      <button
        type="submit"
        className="admin-button"
        aria-label={`${name} ${DOOR_TEXT.checkIn}`}
        aria-describedby={form.errors ? form.errorId : undefined}
      >
        {DOOR_TEXT.checkIn}
      </button>
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}
