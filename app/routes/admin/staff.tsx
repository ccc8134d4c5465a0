import { getCollectionProps, getFormProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { changeContext } from "#app/.server/audit/access.ts";
import type { ChangeContext } from "#app/.server/audit/records.ts";
import type { HandedBack } from "#app/.server/leads/handed-back.ts";
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
  type Refusal,
} from "#app/.server/auth/staff.ts";
import { requireSite } from "#app/.server/site.ts";
import { formatCount } from "#app/forms/conversion.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import { UNASSIGNED_INBOX } from "#app/forms/admin.ts";
import {
  displayName,
  InviteFormSchema,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  SIGN_IN_TEXT,
  STAFF_REFUSALS,
  StaffFormSchema,
} from "#app/forms/staff.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { ROLES, type Role } from "#app/vocabulary.ts";
import { ErrorList, Field, SelectField, useConsoleForm, type ConsoleFormAnswer } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
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

/** What a post answers: the form's reply, and which form it belongs to (the invitation, or one person's row). */
interface StaffAnswer {
  intent: string | null;
  adminId: number | null;
  /** A row's change done. */
  message: string | null;
  /** Open leads the change gave back to the unassigned inbox (disabling, or taking a site away): on this site, and on others. */
  handedBack: HandedBack;
  /** An invitation made or made again: whose, and its link while texts are not sent. */
  invited: { name: string; link: string | null } | null;
}

const NOTHING_HANDED_BACK: HandedBack = { here: 0, elsewhere: 0 };

const answer = (fields: Partial<StaffAnswer>): StaffAnswer => ({
  intent: null,
  adminId: null,
  message: null,
  handedBack: NOTHING_HANDED_BACK,
  invited: null,
  ...fields,
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const change = changeContext(context, admin);
  const parsed = parseConsoleForm(await request.formData(), StaffFormSchema);
  if (!parsed.ok) {
    const { intent, adminId } = parsed.submission.payload;
    const extra = answer({ intent: typeof intent === "string" ? intent : null, adminId: readWholeNumber(adminId) ?? null });
    return refuseSubmission(parsed.submission, {}, { extra });
  }
  const { submission } = parsed;
  const post = parsed.value;
  const refused = (outcome: Refusal, adminId: number) =>
    refuseSubmission(
      submission,
      { formErrors: [outcome.message] },
      { status: REFUSAL_STATUS[outcome.refused], extra: answer({ intent: post.intent, adminId }) },
    );
  switch (post.intent) {
    case "invite": {
      const { intent: _, ...person } = post;
      const outcome = await inviteStaff(change, person);
      if (!outcome.ok) {
        const fieldErrors: Record<string, string[]> =
          outcome.reason === "exists" ? { email: [INVITE_REFUSALS.exists] } : { sites: [STAFF_REFUSALS.sites] };
        return refuseSubmission(
          submission,
          { fieldErrors },
          { status: outcome.reason === "exists" ? 409 : 403, extra: answer({ intent: post.intent }) },
        );
      }
      const invited = { name: person.name, link: handedOver(outcome.link) };
      return { result: submission.reply({ resetForm: true }), ...answer({ intent: post.intent, invited }) };
    }
    case "reinvite": {
      const reissued = await reinvite(change, post.adminId);
      if (!reissued.ok) return refused(reissued, post.adminId);
      const invited = { name: "", link: handedOver(reissued.link) };
      return { result: submission.reply(), ...answer({ intent: post.intent, adminId: post.adminId, invited }) };
    }
    case "role":
    case "sites":
    case "disable":
    case "enable":
    case "reset-second-factor": {
      const outcome = await changeStaff(change, post);
      if (!outcome.ok) return refused(outcome, post.adminId);
      return {
        result: submission.reply(),
        ...answer({
          intent: post.intent,
          adminId: post.adminId,
          message: DONE[post.intent],
          handedBack: outcome.handedBack ?? NOTHING_HANDED_BACK,
        }),
      };
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

type RowChange = Exclude<z.output<typeof StaffFormSchema>, { intent: "invite" | "reinvite" }>;

/** One change of a person's rights, by its verb. */
function changeStaff(change: ChangeContext, post: RowChange) {
  switch (post.intent) {
    case "role":
      return changeRole(change, post.adminId, post.role);
    case "sites":
      return setStaffSites(change, post.adminId, post.sites);
    case "disable":
      return disableStaff(change, post.adminId);
    case "enable":
      return enableStaff(change, post.adminId);
    case "reset-second-factor":
      return resetSecondFactor(change, post.adminId);
  }
}

const REFUSAL_STATUS = { forbidden: 403, conflict: 409 } as const;

const INVITE_REFUSALS = { exists: "이미 계정이 있는 이메일입니다." } as const;

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
  const inviteAnswer = actionData?.intent === "invite" ? actionData : undefined;
  const [inviteForm, invite] = useConsoleForm({
    id: "staff-invite",
    schema: InviteFormSchema,
    lastResult: inviteAnswer?.result,
    defaultValue: { role: "counsellor", sites: checkedSites([site]) },
  });
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">직원 계정</h1>
      </div>
      <p className="admin-muted">
        한 사람에게 한 계정을 만들고, 일에 필요한 만큼만 권한을 줍니다. 계정은 지우지 않고 사용을 중지합니다(접속 기록이 그 사람을 가리키기
        때문입니다). 사용을 중지하거나 사이트에서 빼면 그 사람이 맡던 진행 중인 고객은 미배정으로 돌아가고, 다시 사용해도 돌아오지 않습니다.
        권한을 주고 바꾸고 거둔 기록은 3년간 보관됩니다.
      </p>

      <section className="admin-card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="admin-card__title">
          직원 초대
        </h2>
        {inviteAnswer?.invited ? <InvitationLink name={inviteAnswer.invited.name} link={inviteAnswer.invited.link} /> : null}
        <Form method="post" className="admin-form admin-invite" {...getFormProps(inviteForm)}>
          <input type="hidden" name="intent" value="invite" />
          <div className="admin-invite__fields">
            <Field meta={invite.name!} label="이름" maxLength={50} autoComplete="off" />
            <Field meta={invite.email!} label="이메일 (로그인 아이디)" type="email" maxLength={254} autoComplete="off" />
            <Field
              meta={invite.mobile!}
              label="휴대폰 (초대 문자를 받을 번호)"
              type="tel"
              inputMode="tel"
              maxLength={13}
              autoComplete="off"
              placeholder="010-1234-5678"
            />
          </div>
          <fieldset className="admin-choices" aria-describedby={invite.role!.errors ? invite.role!.errorId : undefined}>
            <legend>역할</legend>
            {getCollectionProps(invite.role!, { type: "radio", options: [...ROLES] }).map(({ key, ...radio }) => (
              <label key={key} className="admin-check">
                <input {...radio} />
                <span>
                  <strong>{ROLE_LABELS[radio.value as Role]}</strong>{" "}
                  <span className="admin-muted">{ROLE_DESCRIPTIONS[radio.value as Role]}</span>
                </span>
              </label>
            ))}
            <ErrorList id={invite.role!.errorId} errors={invite.role!.errors} />
          </fieldset>
          {sites.length > 1 ? (
            <SiteChoices meta={invite.sites!} legend="맡을 사이트" sites={sites} />
          ) : (
            <>
              <input type="hidden" name="sites" value={site} />
              <ErrorList id={invite.sites!.errorId} errors={invite.sites!.errors} />
            </>
          )}
          <ErrorList id={inviteForm.errorId} errors={inviteForm.errors} />
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
          {staff.map((person) => (
            <StaffRow
              key={person.id}
              person={person}
              self={person.id === me}
              sites={sites}
              siteNames={siteNames}
              answer={actionData && actionData.intent !== "invite" && actionData.adminId === person.id ? actionData : undefined}
              busy={pending?.get("adminId") === String(person.id)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Checkboxes' default: Conform reads a list, though its DefaultValue types a field of our form shapes as one string. */
const checkedSites = (slugs: string[]) => slugs as unknown as string;

type Person = Route.ComponentProps["loaderData"]["staff"][number];
type Grantable = Route.ComponentProps["loaderData"]["sites"];
type RowAnswer = { result: ConsoleFormAnswer["result"] } & StaffAnswer;

/** A checkbox per site the owner may give, with the field's errors under the group. */
function SiteChoices({ meta, legend, sites }: { meta: FieldMetadata<unknown>; legend: ReactNode; sites: Grantable }) {
  const names = new Map(sites.map((option) => [option.slug, option.projectName]));
  return (
    <fieldset className="admin-choices" aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend>{legend}</legend>
      {getCollectionProps(meta, { type: "checkbox", options: sites.map((option) => option.slug) }).map(({ key, ...checkbox }) => (
        <label key={key} className="admin-check">
          <input {...checkbox} />
          <span>{names.get(checkbox.value)}</span>
        </label>
      ))}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/**
 * One person: who they are, and what the owner may change. One form whose buttons say the intent
 * (role, sites, invitation, second factor, disable/enable); a refusal shows under the row.
 */
function StaffRow({
  person,
  self,
  sites,
  siteNames,
  answer,
  busy,
}: {
  person: Person;
  self: boolean;
  sites: Grantable;
  siteNames: Record<string, string>;
  answer: RowAnswer | undefined;
  busy: boolean;
}) {
  const [form, fields] = useConsoleForm({
    id: `staff-${person.id}`,
    schema: StaffFormSchema,
    lastResult: answer?.result,
    defaultValue: { role: person.role, sites: checkedSites(person.sites.map((membership) => membership.site)) },
  });
  const shownName = displayName(person);
  return (
    <li className={`admin-staff__person${person.disabledAt ? " admin-staff__person--disabled" : ""}`}>
      <div className="admin-staff__who">
        <p className="admin-staff__name">
          <strong>{shownName}</strong> <span className={`admin-role admin-role--${person.role}`}>{ROLE_LABELS[person.role]}</span>
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
      {answer?.invited ? <InvitationLink name={shownName} link={answer.invited.link} /> : null}
      {answer?.message ? (
        <p className="admin-notice" role="status">
          {answer.message}
          <HandedBackNotice {...answer.handedBack} />
        </p>
      ) : null}
      {self ? null : (
        <Form method="post" className="admin-staff__actions" {...getFormProps(form)}>
          <input type="hidden" name="adminId" value={person.id} />
          {person.disabledAt ? null : (
            <div className="admin-inline-form">
              <SelectField
                meta={fields.role!}
                className="admin-staff__role"
                label={<span className="visually-hidden">{shownName} 역할</span>}
                options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              />
              <button type="submit" name="intent" value="role" className="admin-button admin-button--ghost" disabled={busy}>
                역할 변경
              </button>
            </div>
          )}
          {sites.length > 1 && !person.disabledAt ? (
            <div className="admin-inline-form">
              <SiteChoices meta={fields.sites!} legend={<span className="visually-hidden">{shownName} 맡을 사이트</span>} sites={sites} />
              <button type="submit" name="intent" value="sites" className="admin-button admin-button--ghost" disabled={busy}>
                사이트 저장
              </button>
            </div>
          ) : null}
          {person.mayChangeAccount ? null : <p className="admin-muted">{STAFF_REFUSALS.otherSites}</p>}
          {person.mayChangeAccount && person.invited && !person.disabledAt ? (
            <button type="submit" name="intent" value="reinvite" className="admin-button admin-button--ghost" disabled={busy}>
              초대 링크 다시 만들기
            </button>
          ) : null}
          {person.mayChangeAccount && person.enrolled && !person.disabledAt ? (
            <button type="submit" name="intent" value="reset-second-factor" className="admin-button admin-button--ghost" disabled={busy}>
              2단계 인증 초기화
            </button>
          ) : null}
          {person.mayChangeAccount ? (
            <button
              type="submit"
              name="intent"
              value={person.disabledAt ? "enable" : "disable"}
              className={person.disabledAt ? "admin-button" : "admin-button admin-button--danger"}
              disabled={busy}
            >
              {person.disabledAt ? "다시 사용" : "사용 중지"}
            </button>
          ) : null}
        </Form>
      )}
      {/* Beside the row, not inside its form: a refusal about oneself has no form to sit in. */}
      <ErrorList id={form.errorId} errors={form.errors} />
    </li>
  );
}

/**
 * Where the person's open leads went. Only this site's inbox is linked: another site's leads are in
 * that site's console, which this page cannot show.
 */
function HandedBackNotice({ here, elsewhere }: HandedBack) {
  return (
    <>
      {here > 0 ? (
        <>
          {" "}
          맡던 진행 중인 고객 {formatCount(here)}명은 미배정으로 돌아갔습니다. <Link to={UNASSIGNED_INBOX}>미배정 고객 보기</Link>
        </>
      ) : null}
      {elsewhere > 0 ? <> 다른 사이트에서 맡던 진행 중인 고객 {formatCount(elsewhere)}명은 그 사이트의 미배정으로 돌아갔습니다.</> : null}
    </>
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
