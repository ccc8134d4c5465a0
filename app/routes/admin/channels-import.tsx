import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { chosenFile, readUploadForm, UploadRefused } from "#app/.server/content/uploads.ts";
import { importSpendCsv, previewSpendCsv, type SpendPreview } from "#app/.server/channels/spend.ts";
import { decodeCsvText } from "#app/.server/csv-text.ts";
import { requireSite } from "#app/.server/site.ts";
import { CHANNEL_MESSAGES, SPEND_ROW_PROBLEMS, SpendImportSchema } from "#app/forms/channels.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, useConsoleForm, type ConsoleFormAnswer } from "./forms.tsx";
import { UploadCard } from "./upload-card.tsx";
import { signedInAdmin } from "./guard.server.ts";
import { parseConsoleForm, refuseSubmission, refuseUnreadForm, textFields } from "./submission.server.ts";
import type { Route } from "./+types/channels-import";

const PATH = "/admin/channels/spend-import";

type Preview = Extract<SpendPreview, { ok: true }>;
type ImportAnswer = ConsoleFormAnswer & { preview?: Preview; csv?: string };

/**
 * An ad platform's spend report (CSV) into the channels' spend: the file is read and every row shown
 * with its problem first; importing sets each channel's month to the sum of the good rows.
 */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const change = changeContext(context, signedInAdmin(context));
  let form: FormData;
  try {
    form = await readUploadForm(request, "csv");
  } catch (error) {
    if (error instanceof UploadRefused)
      return refuseUnreadForm(error.status === 413 ? CHANNEL_MESSAGES.tooLarge : error.message, error.status, { field: "file" });
    throw error;
  }
  const parsed = parseConsoleForm(textFields(form), SpendImportSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const refuse = (message: string, field = "file") => refuseSubmission(parsed.submission, { fieldErrors: { [field]: [message] } });
  switch (post.intent) {
    case "preview": {
      const file = chosenFile(form, "file");
      if (!file) return refuse(CHANNEL_MESSAGES.noFile);
      const csv = decodeCsvText(Buffer.from(await file.arrayBuffer()));
      const preview = await previewSpendCsv(requireSite(context).slug, csv);
      if (!preview.ok) return refuse(preview.problem === "unreadable" ? CHANNEL_MESSAGES.unreadable : CHANNEL_MESSAGES.emptyFile);
      return data<ImportAnswer>({ result: parsed.submission.reply({ resetForm: true }), preview, csv });
    }
    case "import": {
      const imported = await importSpendCsv(change, post.csv);
      if (imported.outcome === "done") return redirect(`/admin/channels?imported=${imported.months}`, { status: 303 });
      if (imported.outcome === "forbidden") throw data("권한이 없습니다.", { status: 403 });
      return refuseSubmission(parsed.submission, {
        formErrors: [
          imported.outcome === "unreadable"
            ? CHANNEL_MESSAGES.unreadable
            : imported.outcome === "empty"
              ? CHANNEL_MESSAGES.emptyFile
              : CHANNEL_MESSAGES.nothingToImport,
        ],
      });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "광고비 가져오기 | 관리자",
    description: "광고 플랫폼 보고서(CSV)의 비용을 채널별·월별 광고비로",
    path: PATH,
    robots: "noindex,nofollow",
  });

export default function SpendImportPage({ actionData }: Route.ComponentProps) {
  const answer: ImportAnswer | undefined = actionData ?? undefined;
  const preview = answer?.preview;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">광고비 가져오기</h1>
        <p className="admin-page__meta">
          <Link to="/admin/channels">유입 채널로</Link>
        </p>
      </div>
      {preview && answer?.csv ? (
        <PreviewCard preview={preview} csv={answer.csv} answer={answer} />
      ) : (
        <UploadCard
          id="spend-upload"
          schema={SpendImportSchema}
          lastResult={answer?.result}
          intent="preview"
          title="광고 플랫폼 보고서 올리기"
          label="보고서 (CSV)"
          accept="csv"
          hint="제목 줄에 채널(매체·캠페인·utm_source), 기간(월·날짜·일자), 비용(광고비·지출·금액·Cost·Amount spent) 열이 있는 CSV. 채널 칸에는 유입 채널에 등록한 채널 이름이나 utm_source를 씁니다. 날짜별 행은 달마다 더합니다. 2MB 이하."
          submitLabel="보고서 읽기"
        />
      )}
    </div>
  );
}

function PreviewCard({ preview, csv, answer }: { preview: Preview; csv: string; answer: ImportAnswer }) {
  const pending = useNavigation().state === "submitting";
  const [form] = useConsoleForm({
    id: "spend-import",
    schema: SpendImportSchema,
    lastResult: answer.result.status === "error" ? answer.result : undefined,
  });
  const problems = preview.rows.filter((row) => row.problem).length;
  return (
    <section className="admin-card" aria-labelledby="spend-preview-title">
      <h2 id="spend-preview-title" className="admin-card__title">
        {`미리 보기: ${preview.rows.length}행 중 문제 ${problems}행`}
      </h2>
      {preview.totals.length > 0 ? (
        <ul className="admin-consent__list" aria-label="가져올 광고비">
          {preview.totals.map((total) => (
            <li key={`${total.channelId}/${total.month}`}>
              {`${total.channelName} · ${total.month}: ${total.amount.toLocaleString("ko-KR")}원`}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-empty__text">{CHANNEL_MESSAGES.nothingToImport}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="csv" value={csv} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button
            type="submit"
            name="intent"
            value="import"
            className="admin-button admin-button--primary"
            disabled={pending || preview.totals.length === 0}
          >
            {preview.totals.length}건 가져오기{problems > 0 ? ` (문제 ${problems}행 제외)` : ""}
          </button>
          <a className="admin-button admin-button--ghost" href={PATH}>
            다른 파일 올리기
          </a>
        </div>
      </Form>
      <table className="admin-table admin-table--compact admin-stack">
        <caption className="visually-hidden">행마다 읽은 내용과 문제</caption>
        <thead>
          <tr>
            <th scope="col">줄</th>
            <th scope="col">채널</th>
            <th scope="col">기간</th>
            <th scope="col">비용</th>
            <th scope="col">문제</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.line} className={row.problem ? undefined : "admin-muted"}>
              <td data-label="줄">{row.line}</td>
              <td data-label="채널">{row.channelName ?? row.channelCell}</td>
              <td data-label="기간">{row.month ?? row.periodCell}</td>
              <td data-label="비용">{row.amount === null ? row.amountCell : `${row.amount.toLocaleString("ko-KR")}원`}</td>
              <td data-label="문제">{row.problem ? SPEND_ROW_PROBLEMS[row.problem] : "없음"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
