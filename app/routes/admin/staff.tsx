import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { textsAreNotSent } from "#app/.server/outbox/console.ts";
import { servedSites } from "#app/.server/site.ts";
import { sitesOwnedBy } from "#app/.server/auth/memberships.ts";
import {
  changeRole,
  disableStaff,
  enableStaff,
  inviteStaff,
  listStaff,
  reinvite,
  resetSecondFactor,
  setStaffSites,
} from "#app/.server/auth/staff.ts";
import { requireSite } from "#app/.server/site.ts";
import { InviteFormSchema, ROLE_DESCRIPTIONS, ROLE_LABELS, SIGN_IN_TEXT, STAFF_REFUSALS, StaffChangeSchema } from "#app/forms/staff.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { ROLES } from "#app/vocabulary.ts";
import { signedInAdmin } from "./guard.server.ts";
import type { Route } from "./+types/staff";

/** The sites this person owns that this server presents: the only ones they can give. */
async function grantableSites(adminId: number) {
  const mine = await sitesOwnedBy(adminId);
  return servedSites()
    .filter((site) => mine.includes(site.slug))
    .map((site) => ({ slug: site.slug, projectName: site.pack.brand.projectName }));
}

export async function loader({ context }: Route.LoaderArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).slug;
  const [staff, sites] = await Promise.all([listStaff(site, admin.id), grantableSites(admin.id)]);
  return {
    me: admin.id,
    site,
    sites,
    siteNames: Object.fromEntries(servedSites().map((served) => [served.slug, served.pack.brand.projectName])),
    staff: staff.map((person) => ({
      ...person,
      mobile: person.mobile ? formatPhone(person.mobile) : null,
    })),
  };
}

type ActionAnswer =
  | { intent: "invite"; ok: true; link: string | null; name: string }
  | { intent: "invite"; ok: false; error: string; fields: Record<string, string> }
  | { intent: "reinvite"; ok: true; link: string | null; adminId: number }
  | { intent: "change"; ok: boolean; adminId: number; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const change = changeContext(context, admin);
  const form = await request.formData();
  const fields = Object.fromEntries(form);
  if (fields.intent === "invite") {
    const parsed = InviteFormSchema.safeParse({ ...fields, sites: form.getAll("sites") });
    const echo = {
      name: String(fields.name ?? ""),
      email: String(fields.email ?? ""),
      mobile: String(fields.mobile ?? ""),
      role: String(fields.role ?? ""),
    };
    if (!parsed.success) {
      return data<ActionAnswer>(
        { intent: "invite", ok: false, error: parsed.error.issues[0]?.message ?? "입력을 확인해 주세요.", fields: echo },
        { status: 400 },
      );
    }
    const outcome = await inviteStaff(change, parsed.data);
    if (!outcome.ok) {
      const error = outcome.reason === "exists" ? "이미 계정이 있는 이메일입니다." : "직접 관리하는 사이트만 맡길 수 있습니다.";
      return data<ActionAnswer>({ intent: "invite", ok: false, error, fields: echo }, { status: outcome.reason === "exists" ? 409 : 403 });
    }
    return data<ActionAnswer>({ intent: "invite", ok: true, link: handedOver(outcome.link), name: parsed.data.name });
  }
  const parsed = StaffChangeSchema.safeParse({ ...fields, sites: form.getAll("sites") });
  if (!parsed.success) throw data(parsed.error.issues[0]?.message ?? "알 수 없는 요청입니다.", { status: 400 });
  const wanted = parsed.data;
  if (wanted.intent === "reinvite") {
    const reissued = await reinvite(change, wanted.adminId);
    if (!reissued.ok) {
      return data<ActionAnswer>(
        { intent: "change", ok: false, adminId: wanted.adminId, message: reissued.message },
        { status: REFUSAL_STATUS[reissued.refused] },
      );
    }
    return data<ActionAnswer>({ intent: "reinvite", ok: true, link: handedOver(reissued.link), adminId: wanted.adminId });
  }
  const outcome =
    wanted.intent === "role"
      ? await changeRole(change, wanted.adminId, wanted.role)
      : wanted.intent === "sites"
        ? await setStaffSites(change, wanted.adminId, wanted.sites)
        : wanted.intent === "disable"
          ? await disableStaff(change, wanted.adminId)
          : wanted.intent === "enable"
            ? await enableStaff(change, wanted.adminId)
            : await resetSecondFactor(change, wanted.adminId);
  if (!outcome.ok) {
    return data<ActionAnswer>(
      { intent: "change", ok: false, adminId: wanted.adminId, message: outcome.message },
      { status: REFUSAL_STATUS[outcome.refused] },
    );
  }
  return data<ActionAnswer>({ intent: "change", ok: true, adminId: wanted.adminId, message: DONE[wanted.intent] });
}

const REFUSAL_STATUS = { forbidden: 403, conflict: 409 } as const;

/** An invitation link reaches its person by text alone; only while texts are not sent is the owner shown it to hand over. */
const handedOver = (link: string) => (textsAreNotSent() ? link : null);

const DONE = {
  role: "역할을 바꿨습니다. 이 사람은 다시 로그인하면 새 권한으로 일합니다.",
  sites: "맡은 사이트를 바꿨습니다.",
  disable: "사용을 중지했습니다. 이 사람의 로그인은 모두 끝났습니다.",
  enable: "다시 사용할 수 있게 했습니다.",
  "reset-second-factor": "2단계 인증을 초기화했습니다. 다음 로그인 때 새로 등록합니다.",
} as const;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "직원 계정 | 관리자", description: "직원 계정", path: "/admin/staff", robots: "noindex,nofollow" });

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, sites, siteNames, me, site } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData : undefined;
  const invited = actionData?.intent === "invite" ? actionData : null;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">직원 계정</h1>
      </div>
      <p className="admin-muted">
        한 사람에게 한 계정을 만들고, 일에 필요한 만큼만 권한을 줍니다. 계정은 지우지 않고 사용을 중지합니다(접속 기록이 그 사람을 가리키기
        때문입니다). 권한을 주고 바꾸고 거둔 기록은 3년간 보관됩니다.
      </p>

      <section className="admin-card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="admin-card__title">
          직원 초대
        </h2>
        {invited?.ok ? <InvitationLink name={invited.name} link={invited.link} /> : null}
        <Form method="post" className="admin-form admin-invite" key={invited?.ok ? `invited-${invited.link ?? invited.name}` : "invite"}>
          <input type="hidden" name="intent" value="invite" />
          <div className="admin-invite__fields">
            <div className="admin-field">
              <label htmlFor="invite-name">이름</label>
              <input
                id="invite-name"
                name="name"
                required
                maxLength={50}
                autoComplete="off"
                defaultValue={invited?.ok === false ? invited.fields.name : ""}
              />
            </div>
            <div className="admin-field">
              <label htmlFor="invite-email">이메일 (로그인 아이디)</label>
              <input
                id="invite-email"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="off"
                defaultValue={invited?.ok === false ? invited.fields.email : ""}
              />
            </div>
            <div className="admin-field">
              <label htmlFor="invite-mobile">휴대폰 (초대 문자를 받을 번호)</label>
              <input
                id="invite-mobile"
                name="mobile"
                type="tel"
                inputMode="tel"
                required
                maxLength={13}
                autoComplete="off"
                placeholder="010-1234-5678"
                defaultValue={invited?.ok === false ? invited.fields.mobile : ""}
              />
            </div>
          </div>
          <fieldset className="admin-choices">
            <legend>역할</legend>
            {ROLES.map((role) => (
              <label key={role} className="admin-check">
                <input
                  type="radio"
                  name="role"
                  value={role}
                  required
                  defaultChecked={(invited?.ok === false ? invited.fields.role : "counsellor") === role}
                />
                <span>
                  <strong>{ROLE_LABELS[role]}</strong> <span className="admin-muted">{ROLE_DESCRIPTIONS[role]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {sites.length > 1 ? (
            <fieldset className="admin-choices">
              <legend>맡을 사이트</legend>
              {sites.map((option) => (
                <label key={option.slug} className="admin-check">
                  <input type="checkbox" name="sites" value={option.slug} defaultChecked={option.slug === site} />
                  <span>{option.projectName}</span>
                </label>
              ))}
            </fieldset>
          ) : (
            <input type="hidden" name="sites" value={site} />
          )}
          <p className="admin-form__error" role="alert">
            {invited?.ok === false ? invited.error : ""}
          </p>
          <button type="submit" className="admin-button admin-button--primary" disabled={pending?.get("intent") === "invite"}>
            {pending?.get("intent") === "invite" ? "초대하는 중…" : "초대 링크 만들기"}
          </button>
          <p className="admin-field__hint">링크는 적어 준 휴대폰으로만 문자로 보내고, 72시간 동안 한 번 쓸 수 있습니다.</p>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="staff-title">
        <h2 id="staff-title" className="admin-card__title">
          직원 {staff.length}명
        </h2>
        <ul className="admin-staff">
          {staff.map((person) => {
            const answer = actionData && "adminId" in actionData && actionData.adminId === person.id ? actionData : null;
            const busy = pending?.get("adminId") === String(person.id);
            const self = person.id === me;
            return (
              <li key={person.id} className={`admin-staff__person${person.disabledAt ? " admin-staff__person--disabled" : ""}`}>
                <div className="admin-staff__who">
                  <p className="admin-staff__name">
                    <strong>{person.name || "이름 없음"}</strong>{" "}
                    <span className={`admin-role admin-role--${person.role}`}>{ROLE_LABELS[person.role]}</span>
                    {self ? <span className="admin-muted"> (나)</span> : null}
                  </p>
                  <p className="admin-muted">
                    {person.email}
                    {person.mobile ? ` · ${person.mobile}` : ""}
                  </p>
                  <p className="admin-staff__state">
                    {person.disabledAt
                      ? `사용 중지 (${formatKst(person.disabledAt)})`
                      : person.invited
                        ? "초대 수락 대기"
                        : person.enrolled
                          ? `사용 중 · 최근 로그인 ${person.lastSignInAt ? formatKst(person.lastSignInAt) : "없음"}`
                          : "2단계 인증 등록 전"}
                  </p>
                  {sites.length > 1 || person.sites.length > 1 ? (
                    <p className="admin-muted">
                      사이트:{" "}
                      {person.sites
                        .map((membership) => `${siteNames[membership.site] ?? membership.site}(${ROLE_LABELS[membership.role]})`)
                        .join(", ")}
                    </p>
                  ) : null}
                </div>
                {answer ? (
                  answer.intent === "reinvite" ? (
                    <InvitationLink name={person.name} link={answer.link} />
                  ) : (
                    <p className={answer.ok ? "admin-notice" : "admin-notice admin-notice--warning"} role={answer.ok ? "status" : "alert"}>
                      {answer.message}
                    </p>
                  )
                ) : null}
                {self ? null : (
                  <div className="admin-staff__actions">
                    {person.disabledAt ? null : (
                      <Form method="post" className="admin-inline-form">
                        <input type="hidden" name="intent" value="role" />
                        <input type="hidden" name="adminId" value={person.id} />
                        <label htmlFor={`role-${person.id}`} className="visually-hidden">
                          {person.name} 역할
                        </label>
                        <select id={`role-${person.id}`} name="role" defaultValue={person.role} key={person.role}>
                          {ROLES.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="admin-button admin-button--ghost" disabled={busy}>
                          역할 변경
                        </button>
                      </Form>
                    )}
                    {sites.length > 1 && !person.disabledAt ? (
                      <Form method="post" className="admin-inline-form">
                        <input type="hidden" name="intent" value="sites" />
                        <input type="hidden" name="adminId" value={person.id} />
                        {sites.map((option) => (
                          <label key={option.slug} className="admin-check">
                            <input
                              type="checkbox"
                              name="sites"
                              value={option.slug}
                              defaultChecked={person.sites.some((membership) => membership.site === option.slug)}
                            />
                            <span>{option.projectName}</span>
                          </label>
                        ))}
                        <button type="submit" className="admin-button admin-button--ghost" disabled={busy}>
                          사이트 저장
                        </button>
                      </Form>
                    ) : null}
                    {person.mayChangeAccount ? null : <p className="admin-muted">{STAFF_REFUSALS.otherSites}</p>}
                    {person.mayChangeAccount && person.invited && !person.disabledAt ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="reinvite" />
                        <input type="hidden" name="adminId" value={person.id} />
                        <button type="submit" className="admin-button admin-button--ghost" disabled={busy}>
                          초대 링크 다시 만들기
                        </button>
                      </Form>
                    ) : null}
                    {person.mayChangeAccount && person.enrolled && !person.disabledAt ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="reset-second-factor" />
                        <input type="hidden" name="adminId" value={person.id} />
                        <button type="submit" className="admin-button admin-button--ghost" disabled={busy}>
                          2단계 인증 초기화
                        </button>
                      </Form>
                    ) : null}
                    {person.mayChangeAccount ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value={person.disabledAt ? "enable" : "disable"} />
                        <input type="hidden" name="adminId" value={person.id} />
                        <button
                          type="submit"
                          className={person.disabledAt ? "admin-button" : "admin-button admin-button--danger"}
                          disabled={busy}
                        >
                          {person.disabledAt ? "다시 사용" : "사용 중지"}
                        </button>
                      </Form>
                    ) : null}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/**
 * That the invitation was texted; in test mode (nothing is sent) the link itself to hand over,
 * selectable as text and copied with one tap where the browser allows.
 */
function InvitationLink({ name, link }: { name: string; link: string | null }) {
  const [copied, setCopied] = useState(false);
  if (link === null) {
    return (
      <p className="admin-notice admin-invite__link" role="status">
        <strong>{name}</strong> {SIGN_IN_TEXT.invitationTexted}
      </p>
    );
  }
  return (
    <div className="admin-notice admin-invite__link" role="status">
      <p>
        <strong>{name}</strong> {SIGN_IN_TEXT.invitationTestMode}
      </p>
      <div className="admin-invite__copy">
        <input
          readOnly
          value={link}
          aria-label="초대 링크"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="invitation-link"
        />
        <button
          type="button"
          className="admin-button"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? "복사됨" : "복사"}
        </button>
      </div>
    </div>
  );
}
