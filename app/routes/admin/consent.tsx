import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { chosenFile, readUploadForm, UploadRefused } from "#app/.server/content/uploads.ts";
import { applyOptOutList, optOutListPreview, recentOptOutLists, storeOptOutList } from "#app/.server/consent/opt-out-list.ts";
import { requireSite } from "#app/.server/site.ts";
import { OPT_OUT_LIST_MESSAGES, OPT_OUT_ROW_LABELS, OptOutListFormSchema, type OptOutRowStatus } from "#app/forms/consent.ts";
import { readWholeNumber } from "#app/forms/numbers.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, useConsoleForm } from "./forms.tsx";
import { UploadCard } from "./upload-card.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission, refuseUnreadForm, textFields } from "./submission.server.ts";
import type { Route } from "./+types/consent";

const PATH = "/admin/consent";

/**
 * The 080 opt-out list (app/.server/consent/opt-out-list.ts): upload the 080 service's CSV, see what
 * each row will do, apply it. Every customer it withdraws is texted the result.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const listId = readWholeNumber(new URL(request.url).searchParams.get("list"));
  const preview = listId === undefined ? null : await optOutListPreview(site, listId);
  if (listId !== undefined && !preview) throw data(OPT_OUT_LIST_MESSAGES.notFound, { status: 404 });
  const recent = await recentOptOutLists(site);
  return {
    preview,
    recent: recent.map((list) => ({
      ...list,
      createdAt: formatKst(list.createdAt),
      appliedAt: list.appliedAt && formatKst(list.appliedAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const change = changeContext(context, signedInAdmin(context));
  let form: FormData;
  try {
    form = await readUploadForm(request, "csv");
  } catch (error) {
    if (error instanceof UploadRefused) return refuseUnreadForm(error.message, error.status, { field: "file" });
    throw error;
  }
  const parsed = parseConsoleForm(textFields(form), OptOutListFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  switch (post.intent) {
    case "upload": {
      const file = chosenFile(form, "file");
      if (!file) return refuseSubmission(parsed.submission, { fieldErrors: { file: [OPT_OUT_LIST_MESSAGES.noFile] } });
      const stored = await storeOptOutList(change, { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
      if (!stored.ok) return refuseSubmission(parsed.submission, { fieldErrors: { file: [stored.message] } });
      return redirect(`${PATH}?list=${stored.id}`, { status: 303 });
    }
    case "apply": {
      const applied = await applyOptOutList(change, post.listId);
      if (applied.outcome === "not-found") throw data(OPT_OUT_LIST_MESSAGES.notFound, { status: 404 });
      if (applied.outcome === "already-applied") {
        return refuseSubmission(parsed.submission, { formErrors: [OPT_OUT_LIST_MESSAGES.alreadyApplied] }, { status: 409 });
      }
      return redirect(`${PATH}?list=${post.listId}`, { status: 303 });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "광고 수신 거부 | 관리자",
    description: "080 수신거부 목록 반영",
    path: PATH,
    robots: "noindex,nofollow",
  });

export default function ConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, recent } = loaderData;
  const answer = actionData?.result;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">광고 수신 거부</h1>
      </div>
      {preview?.appliedAt && preview.summary ? (
        <p className="admin-notice" role="status">
          {OPT_OUT_LIST_MESSAGES.applied({ withdrawn: preview.summary.withdrawn ?? 0, skipped: preview.summary.skipped ?? 0 })}
        </p>
      ) : null}
      {preview && !preview.appliedAt ? (
        <Preview preview={preview} lastResult={answer} />
      ) : (
        <UploadCard
          id="opt-out-upload"
          schema={OptOutListFormSchema}
          lastResult={answer}
          intent="upload"
          title="080 수신거부 목록 올리기"
          intro="080 무료수신거부 서비스에서 내려받은 목록을 올리면, 이 사이트의 고객 번호마다 광고 수신 거부를 기록하고 처리 안내 문자를 보냅니다. 반영하기 전에 행마다 무엇을 할지 먼저 보여 드립니다."
          label="수신거부 목록 (CSV)"
          accept="csv"
          hint="전화번호(또는 수신번호·번호) 열과 날짜(또는 수신거부일시) 열이 있는 CSV, 또는 제목 줄 없이 「번호, 날짜」 순서의 CSV. 2MB 이하."
          submitLabel="목록 읽기"
        />
      )}
      {recent.length > 0 ? (
        <section className="admin-card" aria-labelledby="consent-recent-title">
          <h2 id="consent-recent-title" className="admin-card__title">
            최근 올린 목록
          </h2>
          <ul className="admin-consent__list">
            {recent.map((list) => (
              <li key={list.id}>
                {list.createdAt} · {list.fileName} ·{" "}
                {list.appliedAt ? (
                  `${list.appliedAt} 반영 (수신 거부 ${list.summary?.withdrawn ?? 0}명, 건너뜀 ${list.summary?.skipped ?? 0}행)`
                ) : (
                  <Link to={`${PATH}?list=${list.id}`}>반영 전 · 미리 보기</Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

type PreviewData = NonNullable<Route.ComponentProps["loaderData"]["preview"]>;

function Preview({ preview, lastResult }: { preview: PreviewData; lastResult?: SubmissionResult<string[]> }) {
  const pending = useNavigation().state === "submitting";
  const [form] = useConsoleForm({ id: "opt-out-apply", schema: OptOutListFormSchema, lastResult });
  const toWithdraw = preview.counts.withdraw ?? 0;
  const counted = (Object.entries(preview.counts) as [OptOutRowStatus, number][]).filter(([, count]) => count > 0);
  return (
    <section className="admin-card" aria-labelledby="consent-preview-title">
      <h2 id="consent-preview-title" className="admin-card__title">
        {preview.fileName} 미리 보기
      </h2>
      <ul className="admin-consent__list" aria-label="요약">
        {counted.map(([status, count]) => (
          <li key={status}>
            {OPT_OUT_ROW_LABELS[status]}: {count.toLocaleString("ko-KR")}행
          </li>
        ))}
      </ul>
      <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="listId" value={preview.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button
            type="submit"
            name="intent"
            value="apply"
            className="admin-button admin-button--primary"
            disabled={pending || toWithdraw === 0}
          >
            {toWithdraw.toLocaleString("ko-KR")}명 수신 거부 반영하기
          </button>
          <a className="admin-button admin-button--ghost" href={PATH}>
            다른 목록 올리기
          </a>
        </div>
      </Form>
      <div>
        <table className="admin-table admin-table--compact admin-stack">
          <caption className="visually-hidden">행마다 반영할 내용</caption>
          <thead>
            <tr>
              <th scope="col">줄</th>
              <th scope="col">번호</th>
              <th scope="col">수신거부 일시</th>
              <th scope="col">처리</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className={row.status === "withdraw" ? undefined : "admin-muted"}>
                <td data-label="줄">{row.line}</td>
                <td data-label="번호">{row.phone ?? row.raw}</td>
                <td data-label="일시">{row.at ?? row.rawDate}</td>
                <td data-label="처리">{OPT_OUT_ROW_LABELS[row.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
