import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { chosenFile, readUploadForm, UploadRefused } from "#app/.server/content/uploads.ts";
import { ImportFileRefused, readImportFile } from "#app/.server/leads/import-file.ts";
import { importLeads, previewImport, previewOfBatch, type ImportPreview, type ProblemCounts } from "#app/.server/leads/import.ts";
import { requireSite } from "#app/.server/site.ts";
import {
  IMPORT_CONSENT_BASIS_LABELS,
  IMPORT_HEADER_SYNONYMS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_PROBLEM_LABELS,
  ImportFormSchema,
  ImportLeadsSchema,
  ImportPreviewSchema,
} from "#app/forms/lead-import.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { IMPORT_CONSENT_BASES, IMPORT_PROBLEMS } from "#app/vocabulary.ts";
import { CheckboxField, ErrorList, Field, SelectField, useConsoleForm } from "../forms.tsx";
import { UploadCard } from "../upload-card.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission, refuseUnreadForm, textFields } from "../submission.server.ts";
import type { Route } from "./+types/leads-import";

const PATH = "/admin/leads/import";
const BASIS_OPTIONS = [
  { value: "", label: "골라 주세요" },
  ...IMPORT_CONSENT_BASES.map((basis) => ({ value: basis, label: IMPORT_CONSENT_BASIS_LABELS[basis] })),
];
const ALREADY_IMPORTED = "이 미리보기의 고객은 이미 가져왔습니다. 다른 파일을 올려 주세요.";

/**
 * Bringing in a list of leads from a spreadsheet: upload (.xlsx or CSV), a preview of every row's
 * problems, then the import of the good rows with where they came from and on what basis
 * (leads/import.ts). The preview's rows ride in the import form, sealed, so any instance finishes it.
 */
export function loader() {
  return { headers: { name: IMPORT_HEADER_SYNONYMS.name, phone: IMPORT_HEADER_SYNONYMS.phone } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).slug;
  let form: FormData;
  try {
    form = await readUploadForm(request, "spreadsheet");
  } catch (error) {
    if (error instanceof UploadRefused)
      return refuseUnreadForm(error.message, error.status, { field: "file", extra: { intent: "preview" } });
    throw error;
  }
  const parsed = parseConsoleForm(textFields(form), ImportFormSchema);
  if (!parsed.ok) {
    // A refused import step keeps its preview on screen, with the errors beside the fields.
    const batch = form.get("batch");
    const preview = typeof batch === "string" && batch ? await previewOfBatch(batch, site, admin.id) : null;
    return refuseSubmission(parsed.submission, {}, { extra: { intent: form.get("intent") === "import" ? "import" : "preview", preview } });
  }
  const post = parsed.value;
  switch (post.intent) {
    case "preview": {
      const refuseFile = (message: string, status = 400) =>
        refuseSubmission(parsed.submission, { fieldErrors: { file: [message] } }, { status, extra: { intent: "preview" } });
      const file = chosenFile(form, "file");
      if (!file) return refuseFile(IMPORT_MESSAGES.noFile);
      try {
        const read = await readImportFile(file.name, Buffer.from(await file.arrayBuffer()));
        return { intent: "preview", preview: await previewImport(site, admin.id, read) };
      } catch (error) {
        if (error instanceof ImportFileRefused) return refuseFile(error.message);
        throw error;
      }
    }
    case "import": {
      const outcome = await importLeads(changeContext(context, admin), post.batch, post);
      if (outcome.outcome === "imported") return { intent: "import", summary: outcome };
      if (outcome.outcome === "forbidden") throw data(null, { status: 403 });
      if (outcome.outcome === "nothing") {
        const preview = await previewOfBatch(post.batch, site, admin.id);
        return refuseSubmission(
          parsed.submission,
          { formErrors: [IMPORT_MESSAGES.nothingToImport] },
          { extra: { intent: "import", preview } },
        );
      }
      const message = outcome.outcome === "expired" ? IMPORT_MESSAGES.expired : ALREADY_IMPORTED;
      return refuseSubmission(parsed.submission, { fieldErrors: { file: [message] } }, { status: 409, extra: { intent: "preview" } });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "고객 가져오기 | 관리자", description: "", path: PATH, robots: "noindex,nofollow" });

type Answer = {
  intent?: string | null;
  result?: SubmissionResult<string[]>;
  preview?: ImportPreview | null;
  summary?: { imported: number; assigned: number; skipped: number; counts: ProblemCounts; marketing: number };
};

export default function LeadsImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const preview = answer?.preview ?? null;
  const summary = answer?.summary ?? null;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">고객 가져오기</h1>
        <Link to="/admin/leads" className="admin-link">
          고객 접수 목록으로
        </Link>
      </div>
      {summary ? <ImportSummary summary={summary} /> : null}
      <UploadCard
        id="import-upload"
        schema={ImportPreviewSchema}
        lastResult={answer?.intent === "preview" ? answer.result : undefined}
        intent="preview"
        action={PATH}
        title="1. 파일 올리기"
        label="고객 명단 (.xlsx 또는 .csv)"
        accept="spreadsheet"
        hint={
          <>
            첫 줄은 열 제목입니다. 이름({loaderData.headers.name.slice(0, 3).join("·")})과 연락처(
            {loaderData.headers.phone.slice(0, 4).join("·")})는 꼭 있어야 하고, 관심 타입·메모·유입경로·광고 수신 동의 열은 있으면 읽습니다.
            5MB, {IMPORT_MAX_ROWS.toLocaleString("ko-KR")}명까지.
          </>
        }
        submitLabel="미리보기"
      />
      {preview ? (
        <>
          <PreviewCard preview={preview} />
          <ImportForm preview={preview} lastResult={answer?.intent === "import" ? answer.result : undefined} />
        </>
      ) : null}
    </div>
  );
}

function ImportSummary({ summary }: { summary: NonNullable<Answer["summary"]> }) {
  return (
    <section className="admin-card" aria-labelledby="import-summary-title">
      <h2 id="import-summary-title" className="admin-card__title">
        가져오기 결과
      </h2>
      <p className="admin-notice" role="status">
        {summary.imported.toLocaleString("ko-KR")}명을 가져왔습니다.{" "}
        {summary.assigned > 0
          ? `상담사에게 자동 배정 ${summary.assigned.toLocaleString("ko-KR")}명`
          : "자동 배정이 꺼져 있거나 상담사가 없어 모두 미배정"}
        , 건너뛴 행 {summary.skipped.toLocaleString("ko-KR")}개.
      </p>
      <ProblemCountList counts={summary.counts} label="건너뛴 이유" />
      <p className="admin-muted">
        가져온 고객에게는 문자를 보내지 않았습니다. 광고 문자 수신 동의: {summary.marketing.toLocaleString("ko-KR")}명.{" "}
        <Link to="/admin/leads">고객 접수 목록에서 보기</Link>
      </p>
    </section>
  );
}

function ProblemCountList({ counts, label }: { counts: ProblemCounts; label: string }) {
  const present = IMPORT_PROBLEMS.filter((problem) => counts[problem] > 0);
  if (present.length === 0) return null;
  return (
    <dl className="admin-import__counts" aria-label={label}>
      {present.map((problem) => (
        <div key={problem}>
          <dt>{IMPORT_PROBLEM_LABELS[problem]}</dt>
          <dd>{counts[problem].toLocaleString("ko-KR")}행</dd>
        </div>
      ))}
    </dl>
  );
}

function PreviewCard({ preview }: { preview: ImportPreview }) {
  return (
    <section className="admin-card" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title" className="admin-card__title">
        2. 미리보기: {preview.fileName}
      </h2>
      <p data-testid="import-totals">
        전체 <strong>{preview.total.toLocaleString("ko-KR")}행</strong> 중 가져올 수 있는 행{" "}
        <strong>{preview.good.toLocaleString("ko-KR")}행</strong>, 문제가 있어 건너뛸 행{" "}
        <strong>{preview.skipped.toLocaleString("ko-KR")}행</strong>
      </p>
      <p className="admin-muted">읽은 열: {preview.columns.map((column) => column.header).join(", ")}</p>
      <ProblemCountList counts={preview.counts} label="문제별 행 수" />
      {preview.problemRows.length > 0 ? (
        <div className="admin-scroll">
          <table className="admin-table admin-table--compact admin-stack" aria-label="문제가 있는 행">
            <thead>
              <tr>
                <th scope="col">행</th>
                <th scope="col">이름</th>
                <th scope="col">연락처</th>
                <th scope="col">문제</th>
              </tr>
            </thead>
            <tbody>
              {preview.problemRows.map((row) => (
                <tr key={row.line}>
                  <th scope="row">{row.line}</th>
                  <td data-label="이름">{row.name || "—"}</td>
                  <td data-label="연락처">{row.phone || "—"}</td>
                  <td data-label="문제">{row.problems.map((problem) => IMPORT_PROBLEM_LABELS[problem]).join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>문제가 있는 행이 없습니다.</p>
      )}
    </section>
  );
}

function ImportForm({ preview, lastResult }: { preview: ImportPreview; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const [form, fields] = useConsoleForm({
    id: "import-leads",
    schema: ImportLeadsSchema,
    lastResult,
    defaultValue: { intent: "import", batch: preview.batch, source: "", basis: "" },
  });
  return (
    <section className="admin-card" aria-labelledby="import-leads-title">
      <h2 id="import-leads-title" className="admin-card__title">
        3. 가져오기
      </h2>
      <Form method="post" action={PATH} className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="batch" value={preview.batch} />
        <Field
          meta={fields.source}
          label="출처"
          hint="고객 목록과 전환 분석에 유입 매체로 보입니다. 예: ○○광고 대행사 DB, 11월 방문객 명부"
          maxLength={50}
        />
        <SelectField
          meta={fields.basis}
          label="개인정보 수집 근거"
          hint="이 명단의 고객이 어디에서 개인정보 수집·이용에 동의했는지 고릅니다. 광고 문자 수신 동의는 이것으로 생기지 않습니다."
          options={BASIS_OPTIONS}
        />
        {preview.hasMarketingColumn ? (
          <CheckboxField
            meta={fields.marketingFromFile}
            label="파일의 광고 수신 동의 열이 광고 문자 수신 동의를 증명합니다"
            hint="체크하지 않으면 가져온 고객 누구도 광고 문자를 받지 않습니다. 동의서 원본을 보관하고 있을 때만 체크해 주세요."
          />
        ) : (
          <p className="admin-muted">파일에 광고 수신 동의 열이 없어, 가져온 고객은 광고 문자 수신 동의가 없는 것으로 등록됩니다.</p>
        )}
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="admin-muted">
          가져온 고객에게 접수 확인 문자는 보내지 않습니다. 자동 배정이 켜져 있으면 배정 설정대로 상담사에게 배정됩니다.
        </p>
        <button
          type="submit"
          name="intent"
          value="import"
          className="admin-button admin-button--primary"
          disabled={importing || preview.good === 0}
        >
          {importing ? "가져오는 중…" : `${preview.good.toLocaleString("ko-KR")}명 가져오기`}
        </button>
      </Form>
    </section>
  );
}
