import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { changeContext } from "#app/.server/audit/access.ts";
import { chosenFile, readUploadForm, UploadRefused } from "#app/.server/content/uploads.ts";
import { ImportFileRefused } from "#app/.server/leads/import-file.ts";
import { requireSite } from "#app/.server/site.ts";
import { importUnits, previewOfUnitBatch, previewUnitImport, readUnitFile, type UnitImportPreview } from "#app/.server/units/import.ts";
import { UNIT_IMPORT_PROBLEM_LABELS, UNIT_MESSAGES, UnitImportFormSchema, UnitImportPreviewSchema } from "#app/forms/units.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { UNIT_IMPORT_PROBLEMS } from "#app/vocabulary.ts";
import { ErrorList, useConsoleForm } from "../forms.tsx";
import { UploadCard } from "../upload-card.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission, refuseUnreadForm, textFields } from "../submission.server.ts";
import type { Route } from "./+types/units-import";

const PATH = "/admin/units/import";

/**
 * The office's 배치표 into the board: upload (.xlsx or CSV), a preview of every row's problems,
 * then the good rows in one transaction (units/import.ts). The preview rides in the form, sealed.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { types: requireSite(context).pack.units.map((unit) => unit.key) };
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
  const parsed = parseConsoleForm(textFields(form), UnitImportFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  switch (post.intent) {
    case "preview": {
      const file = chosenFile(form, "file");
      const refuseFile = (message: string) =>
        refuseSubmission(parsed.submission, { fieldErrors: { file: [message] } }, { extra: { intent: "preview" } });
      if (!file) return refuseFile(UNIT_MESSAGES.importNoFile);
      try {
        const read = await readUnitFile(file.name, Buffer.from(await file.arrayBuffer()));
        return { intent: "preview", preview: previewUnitImport(site, admin.id, read) };
      } catch (error) {
        if (error instanceof ImportFileRefused) return refuseFile(error.message);
        throw error;
      }
    }
    case "import": {
      const outcome = await importUnits(changeContext(context, admin), post.batch);
      if (outcome.outcome === "imported") return { intent: "import", summary: outcome };
      if (outcome.outcome === "forbidden") throw data(null, { status: 403 });
      if (outcome.outcome === "nothing")
        return refuseSubmission(
          parsed.submission,
          { formErrors: [UNIT_MESSAGES.importNothing] },
          { extra: { intent: "import", preview: previewOfUnitBatch(post.batch, site, admin.id) } },
        );
      return refuseSubmission(
        parsed.submission,
        { fieldErrors: { file: [UNIT_MESSAGES.importExpired] } },
        { status: 409, extra: { intent: "preview" } },
      );
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), { title: "배치표 가져오기 | 관리자", description: "", path: PATH, robots: "noindex,nofollow" });

type Answer = {
  intent?: string | null;
  result?: SubmissionResult<string[]>;
  preview?: UnitImportPreview | null;
  summary?: { added: number; updated: number; kept: number; skipped: number };
};

export default function UnitsImportPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const preview = answer?.preview ?? null;
  const summary = answer?.summary ?? null;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">배치표 가져오기</h1>
        <Link to="/admin/units" className="admin-link">
          동호수 현황으로
        </Link>
      </div>
      {summary ? (
        <p className="admin-notice" role="status">
          새 세대 {summary.added}개, 바뀐 세대 {summary.updated}개를 반영했습니다. 상담 중·계약 완료라 그대로 둔 세대 {summary.kept}개,
          건너뛴 행 {summary.skipped}개. <Link to="/admin/units">동호수 현황 보기</Link>
        </p>
      ) : null}
      <UploadCard
        id="units-upload"
        schema={UnitImportPreviewSchema}
        lastResult={answer?.intent === "preview" ? answer.result : undefined}
        intent="preview"
        action={PATH}
        title="1. 파일 올리기"
        label="배치표 (.xlsx 또는 .csv)"
        accept="spreadsheet"
        hint={
          <>
            첫 줄은 열 제목입니다. 동·층·호(1203 또는 3)·타입({loaderData.types.join(", ")}) 열은 꼭 있어야 하고, 분양가(원 또는 만원)와
            상태(분양 가능, 계약 완료, 비공개) 열은 있으면 읽습니다. 같은 동·층·호는 새로 만들지 않고 고칩니다. 상담 중이거나 계약 완료인
            세대는 그대로 둡니다.
          </>
        }
        submitLabel="미리보기"
      />
      {preview ? <PreviewCard preview={preview} lastResult={answer?.intent === "import" ? answer.result : undefined} /> : null}
    </div>
  );
}

function PreviewCard({ preview, lastResult }: { preview: UnitImportPreview; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const [form] = useConsoleForm({ id: "units-import", schema: UnitImportFormSchema, lastResult });
  const present = UNIT_IMPORT_PROBLEMS.filter((problem) => preview.counts[problem] > 0);
  return (
    <section className="admin-card" aria-labelledby="units-preview-title">
      <h2 id="units-preview-title" className="admin-card__title">
        2. 미리보기: {preview.fileName}
      </h2>
      <p data-testid="units-import-totals">
        전체 <strong>{preview.total}행</strong> 중 가져올 수 있는 행 <strong>{preview.good}행</strong>, 문제가 있어 건너뛸 행{" "}
        <strong>{preview.skipped}행</strong>
      </p>
      {preview.headers.length > 0 ? <p className="admin-muted">읽은 열: {preview.headers.join(", ")}</p> : null}
      {preview.buildings.length > 0 ? (
        <p className="admin-muted">동별: {preview.buildings.map((entry) => `${entry.building}동 ${entry.units}세대`).join(", ")}</p>
      ) : null}
      {present.length > 0 ? (
        <dl className="admin-import__counts" aria-label="문제별 행 수">
          {present.map((problem) => (
            <div key={problem}>
              <dt>{UNIT_IMPORT_PROBLEM_LABELS[problem]}</dt>
              <dd>{preview.counts[problem]}행</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {preview.problemRows.length > 0 ? (
        <div className="admin-scroll">
          <table className="admin-table admin-table--compact admin-stack" aria-label="문제가 있는 행">
            <thead>
              <tr>
                <th scope="col">행</th>
                <th scope="col">동</th>
                <th scope="col">층</th>
                <th scope="col">호</th>
                <th scope="col">타입</th>
                <th scope="col">문제</th>
              </tr>
            </thead>
            <tbody>
              {preview.problemRows.map((row) => (
                <tr key={row.line}>
                  <th scope="row">{`${row.line}행`}</th>
                  <td data-label="동">{row.typed.building || "—"}</td>
                  <td data-label="층">{row.typed.floor || "—"}</td>
                  <td data-label="호">{row.typed.unit || "—"}</td>
                  <td data-label="타입">{row.typed.typeKey || "—"}</td>
                  <td data-label="문제">{row.problems.map((problem) => UNIT_IMPORT_PROBLEM_LABELS[problem]).join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>문제가 있는 행이 없습니다.</p>
      )}
      <Form method="post" action={PATH} encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="batch" value={preview.batch} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button
          type="submit"
          name="intent"
          value="import"
          className="admin-button admin-button--primary"
          disabled={importing || preview.good === 0}
        >
          {importing ? "가져오는 중…" : `${preview.good}세대 반영하기`}
        </button>
      </Form>
    </section>
  );
}
