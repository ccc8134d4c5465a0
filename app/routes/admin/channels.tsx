import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { callTapsByPage } from "#app/.server/channels/calls.ts";
import { deleteChannel, listChannels, saveChannel } from "#app/.server/channels/channels.ts";
import { monthsOf } from "#app/.server/channels/costs.ts";
import { recentSpend, setSpend } from "#app/.server/channels/spend.ts";
import { requireSite } from "#app/.server/site.ts";
import {
  ALERT_RECIPIENTS_MAX,
  CHANNEL_MESSAGES,
  CHANNEL_NOTICES,
  ChannelsFormSchema,
  SaveChannelSchema,
  SpendSchema,
} from "#app/forms/channels.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import { kstDay, previousMonth } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { formatPhone } from "#app/utils/phone.ts";
import { ErrorList, Field, SelectField, TextareaField, useConsoleForm, type ConsoleFormAnswer } from "./forms.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission } from "./submission.server.ts";
import type { Route } from "./+types/channels";

const PATH = "/admin/channels";
/** The spend table shows this many months back from the current one. */
const SPEND_MONTHS = 6;

/**
 * 유입 채널 (issue #31): the channels the office buys visitors from, each with the phone number its
 * visitors see and who else is texted its leads; what each cost per month; this month's tel: taps
 * per channel and page. Costs per stage are on the conversion page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const params = new URL(request.url).searchParams;
  const today = kstDay(new Date());
  const thisMonth = today.slice(0, 7);
  let first = thisMonth;
  for (let step = 1; step < SPEND_MONTHS; step++) first = previousMonth(first);
  const months = monthsOf({ from: `${first}-01`, to: today });
  const [channels, spend, taps] = await Promise.all([
    listChannels(site),
    recentSpend(site, months),
    callTapsByPage(site, { from: `${thisMonth}-01`, to: today }),
  ]);
  const editId = readWholeNumber(params.get("edit"));
  const editing = editId === undefined ? null : (channels.find((channel) => channel.id === editId) ?? null);
  if (editId !== undefined && !editing) throw data(CHANNEL_MESSAGES.gone, { status: 404 });
  const saved = params.get("saved");
  const imported = readWholeNumber(params.get("imported"));
  return {
    channels: channels.map((channel) => ({
      ...channel,
      phone: channel.phone ? formatPhone(channel.phone) : "",
      alertRecipients: channel.alertRecipients.map(formatPhone),
    })),
    editing: editing && {
      ...editing,
      phone: editing.phone ? formatPhone(editing.phone) : "",
      alertRecipients: editing.alertRecipients.map(formatPhone).join("\n"),
    },
    months,
    thisMonth,
    spend,
    taps,
    tapsSince: `${thisMonth}-01`,
    notice:
      imported !== undefined
        ? CHANNEL_NOTICES.import(imported)
        : saved === "save" || saved === "delete" || saved === "spend"
          ? CHANNEL_NOTICES[saved]
          : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const change = changeContext(context, signedInAdmin(context));
  const parsed = parseConsoleForm(await request.formData(), ChannelsFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const answer = { extra: { intent: post.intent } };
  const done = () => redirect(`${PATH}?saved=${post.intent}`, { status: 303 });
  switch (post.intent) {
    case "save": {
      const { intent: _, channelId, ...fields } = post;
      const outcome = await saveChannel(change, channelId, fields);
      if (outcome === "taken")
        return refuseSubmission(parsed.submission, { fieldErrors: { utmCampaign: [CHANNEL_MESSAGES.taken] } }, { ...answer, status: 409 });
      if (outcome !== "done")
        return refuseSubmission(parsed.submission, { formErrors: [CHANNEL_MESSAGES.gone] }, { ...answer, status: 404 });
      return done();
    }
    case "delete": {
      const outcome = await deleteChannel(change, post.channelId);
      if (outcome !== "done")
        return refuseSubmission(parsed.submission, { formErrors: [CHANNEL_MESSAGES.gone] }, { ...answer, status: 404 });
      return done();
    }
    case "spend": {
      const outcome = await setSpend(change, post);
      if (outcome !== "done")
        return refuseSubmission(parsed.submission, { fieldErrors: { channelId: [CHANNEL_MESSAGES.gone] } }, { ...answer, status: 404 });
      return done();
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "유입 채널 | 관리자",
    description: "채널별 전화번호, 알림 받는 번호, 광고비와 전화 탭",
    path: PATH,
    robots: "noindex,nofollow",
  });

type LoaderData = Route.ComponentProps["loaderData"];

export default function ChannelsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { channels, editing, months, thisMonth, spend, taps, tapsSince, notice } = loaderData;
  const answer: ConsoleFormAnswer | undefined = actionData;
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">유입 채널</h1>
        <p className="admin-page__meta">
          <Link to="/admin/conversion">채널별 비용은 전환 분석에서</Link>
        </p>
      </div>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="channels-title">
        <h2 id="channels-title" className="admin-card__title">
          채널 {channels.length > 0 ? `${channels.length}개` : ""}
        </h2>
        <p className="admin-muted">
          광고 주소의 utm_source(와 캠페인)로 들어온 방문자는 그 채널의 방문자입니다. 채널 번호를 넣으면 그 방문자에게는 머리글, 하단 바,
          바닥글과 상담 페이지의 모든 전화번호가 그 번호로 보이고, 채널로 들어온 새 고객 알림은 사이트의 알림 번호와 함께 채널의 알림
          번호로도 갑니다.
        </p>
        {answer?.intent === "delete" ? <ErrorList id="channel-delete-errors" errors={answer.result.error?.[""]} /> : null}
        {channels.length === 0 ? (
          <p className="admin-empty__text">아직 등록한 채널이 없습니다.</p>
        ) : (
          <table className="admin-table admin-stack" aria-label="채널 목록">
            <thead>
              <tr>
                <th scope="col">채널</th>
                <th scope="col">utm_source / 캠페인</th>
                <th scope="col">방문자에게 보이는 번호</th>
                <th scope="col">알림 받는 번호</th>
                <th scope="col">관리</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((channel) => (
                <tr key={channel.id}>
                  <th scope="row">{channel.name}</th>
                  <td data-label="utm">
                    {channel.utmSource}
                    {channel.utmCampaign ? ` / ${channel.utmCampaign}` : " / 모든 캠페인"}
                  </td>
                  <td data-label="번호">{channel.phone || <span className="admin-muted">사이트 번호</span>}</td>
                  <td data-label="알림">
                    {channel.alertRecipients.length > 0 ? channel.alertRecipients.join(", ") : <span className="admin-muted">없음</span>}
                  </td>
                  <td data-label="관리">
                    <div className="admin-actions">
                      <Link className="admin-button admin-button--ghost" to={`${PATH}?edit=${channel.id}#channel-form-title`}>
                        수정
                      </Link>
                      <DeleteChannel id={channel.id} name={channel.name} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ChannelForm key={editing?.id ?? "new"} editing={editing} answer={answer?.intent === "save" ? answer : undefined} />
      {channels.length > 0 ? (
        <SpendCard
          channels={channels}
          months={months}
          thisMonth={thisMonth}
          spend={spend}
          answer={answer?.intent === "spend" ? answer : undefined}
        />
      ) : null}
      <section className="admin-card" aria-labelledby="taps-title">
        <h2 id="taps-title" className="admin-card__title">
          이번 달 전화 탭
        </h2>
        <p className="admin-muted">
          {tapsSince}부터 오늘까지, 사이트의 전화번호 링크를 누른 횟수입니다(채널과 페이지별). 누른 사람의 정보는 남기지 않습니다.
        </p>
        {taps.length === 0 ? (
          <p className="admin-empty__text">이번 달에는 아직 전화 탭이 없습니다.</p>
        ) : (
          <table className="admin-table admin-table--compact admin-stack" aria-label="채널·페이지별 전화 탭">
            <thead>
              <tr>
                <th scope="col">채널</th>
                <th scope="col">페이지</th>
                <th scope="col" className="admin-num">
                  탭
                </th>
              </tr>
            </thead>
            <tbody>
              {taps.map((row) => (
                <tr key={`${row.channelId}${row.path}`}>
                  <td data-label="채널">{row.channelId === 0 ? "채널 없음" : (names.get(row.channelId) ?? "지운 채널")}</td>
                  <td data-label="페이지">{row.path}</td>
                  <td data-label="탭" className="admin-num">
                    {row.taps.toLocaleString("ko-KR")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

function DeleteChannel({ id, name }: { id: number; name: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("channelId") === String(id);
  return (
    <Form method="post">
      <input type="hidden" name="channelId" value={id} />
      <button
        type="submit"
        name="intent"
        value="delete"
        className="admin-button admin-button--danger"
        disabled={pending}
        aria-label={`${name} 지우기`}
        onClick={(event) => {
          if (!window.confirm(`${name} 채널을 지울까요? 이 채널의 광고비와 전화 탭 기록도 함께 지워집니다.`)) event.preventDefault();
        }}
      >
        지우기
      </button>
    </Form>
  );
}

function ChannelForm({ editing, answer }: { editing: LoaderData["editing"]; answer: ConsoleFormAnswer | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useConsoleForm({
    id: "channel",
    schema: SaveChannelSchema,
    lastResult: answer?.result,
    defaultValue: editing
      ? {
          intent: "save",
          channelId: String(editing.id),
          name: editing.name,
          utmSource: editing.utmSource,
          utmCampaign: editing.utmCampaign,
          phone: editing.phone,
          alertRecipients: editing.alertRecipients,
        }
      : { intent: "save", channelId: "" },
  });
  return (
    <section className="admin-card" aria-labelledby="channel-form-title">
      <h2 id="channel-form-title" className="admin-card__title">
        {editing ? `${editing.name} 수정` : "채널 추가"}
      </h2>
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="channelId" value={editing ? String(editing.id) : ""} />
        <Field meta={fields.name} label="채널 이름" maxLength={50} placeholder="네이버 파워링크" autoComplete="off" />
        <Field
          meta={fields.utmSource}
          label="utm_source"
          maxLength={100}
          placeholder="naver"
          autoComplete="off"
          hint="광고 주소에 붙인 utm_source 값 그대로(대소문자는 구분하지 않습니다)."
        />
        <Field
          meta={fields.utmCampaign}
          label="utm_campaign (선택)"
          maxLength={100}
          autoComplete="off"
          hint="비워 두면 이 utm_source의 모든 캠페인. 캠페인을 적은 채널이 같은 utm_source의 채널보다 먼저 맞춰집니다."
        />
        <Field
          meta={fields.phone}
          label="채널 전화번호 (선택)"
          type="tel"
          inputMode="tel"
          maxLength={20}
          placeholder="0504-123-4567"
          autoComplete="off"
          hint="통신사에서 받은 광고별 050 번호 등. 비워 두면 사이트의 분양문의 전화가 보입니다."
        />
        <TextareaField
          meta={fields.alertRecipients}
          label="새 고객 알림 받을 번호 (선택)"
          rows={3}
          hint={`대행사 담당자 등, 한 줄에 하나씩 ${ALERT_RECIPIENTS_MAX}개까지. 사이트의 알림 번호에는 그대로 갑니다.`}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
            {pending ? "저장하는 중…" : editing ? "수정 저장" : "채널 추가"}
          </button>
          {editing ? (
            <Link className="admin-button admin-button--ghost" to={PATH}>
              취소
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

function SpendCard({
  channels,
  months,
  thisMonth,
  spend,
  answer,
}: {
  channels: LoaderData["channels"];
  months: string[];
  thisMonth: string;
  spend: LoaderData["spend"];
  answer: ConsoleFormAnswer | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "spend";
  const [form, fields] = useConsoleForm({
    id: "spend",
    schema: SpendSchema,
    lastResult: answer?.result,
    defaultValue: { intent: "spend", channelId: String(channels[0]!.id), month: thisMonth, amount: "" },
  });
  const amountOf = (channelId: number, month: string) => spend.find((row) => row.channelId === channelId && row.month === month)?.amount;
  return (
    <section className="admin-card" aria-labelledby="spend-title">
      <h2 id="spend-title" className="admin-card__title">
        광고비
      </h2>
      <p className="admin-muted">
        채널과 달마다 쓴 광고비(원, 부가세 포함 여부는 한 가지로 통일)를 넣으면 전환 분석에 고객·예약·방문·계약 한 건당 비용이 나옵니다.
        같은 달을 다시 넣으면 바뀝니다. 광고 플랫폼의 보고서는 <Link to="/admin/channels/spend-import">CSV로 가져오기</Link>.
      </p>
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="spend" />
        <SelectField
          meta={fields.channelId}
          label="채널"
          options={channels.map((channel) => ({ value: String(channel.id), label: channel.name }))}
        />
        <Field meta={fields.month} label="달" maxLength={7} placeholder="2026-11" inputMode="numeric" autoComplete="off" />
        <Field meta={fields.amount} label="광고비(원)" maxLength={16} inputMode="numeric" placeholder="1,500,000" autoComplete="off" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
          {pending ? "저장하는 중…" : "광고비 저장"}
        </button>
      </Form>
      <table className="admin-table admin-table--compact admin-stack" aria-label="채널·달별 광고비">
        <thead>
          <tr>
            <th scope="col">채널</th>
            {months.map((month) => (
              <th key={month} scope="col" className="admin-num">
                {month}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.id}>
              <th scope="row">{channel.name}</th>
              {months.map((month) => {
                const amount = amountOf(channel.id, month);
                return (
                  <td key={month} data-label={month} className="admin-num">
                    {amount === undefined ? <span className="admin-muted">–</span> : `${amount.toLocaleString("ko-KR")}원`}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
