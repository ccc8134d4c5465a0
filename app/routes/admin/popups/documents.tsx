import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import { chosenFile, readUploadForm, setSiteDocument, siteDocument, UploadRefused } from "#app/.server/content/uploads.ts";
import {
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_MESSAGES,
  DocumentFormSchema,
  UPLOAD_MESSAGES,
  type DocumentKind,
} from "#app/forms/uploads.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { ErrorList, useConsoleForm } from "../forms.tsx";
import { signedInAdmin } from "../guard.server.ts";
import { parseConsoleForm, refuseSubmission, refuseUnreadForm, textFields } from "../submission.server.ts";
import type { Route } from "./+types/documents";

const PATH = "/admin/documents";

/** Where each document shows on the public site, and what it shows without an upload. */
const DOCUMENT_PAGES: Record<DocumentKind, { path: string; fallback: string }> = {
  announcement: { path: "/SalesInfo/announcement", fallback: "올린 파일이 없으면 기본 모집공고 PDF를 보여 줍니다." },
  contract: { path: "/BusinessGuide/documents", fallback: "올린 파일이 없으면 「준비 중」 안내를 보여 줍니다." },
};

const kindOf = (value: string | null) => DOCUMENT_KINDS.find((kind) => kind === value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const { searchParams } = new URL(request.url);
  const documents = await Promise.all(
    DOCUMENT_KINDS.map(async (kind) => {
      const document = await siteDocument(site, kind);
      return {
        kind,
        current: document
          ? {
              href: document.href,
              fileName: document.fileName,
              size: formatSize(document.size),
              uploadedAt: formatKst(document.uploadedAt),
            }
          : null,
      };
    }),
  );
  const saved = kindOf(searchParams.get("saved"));
  const reset = kindOf(searchParams.get("reset"));
  return { documents, message: saved ? DOCUMENT_MESSAGES.saved(saved) : reset ? DOCUMENT_MESSAGES.reset(reset) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).slug;
  // Each form's address names its document, so a file refused before the form is read (too large)
  // still answers beside the right file field.
  const addressed = kindOf(new URL(request.url).searchParams.get("kind")) ?? null;
  let form: FormData;
  try {
    form = await readUploadForm(request, "pdf");
  } catch (error) {
    if (error instanceof UploadRefused) return refuseUnreadForm(error.message, error.status, { field: "file", extra: { kind: addressed } });
    throw error;
  }
  const parsed = parseConsoleForm(textFields(form), DocumentFormSchema);
  if (!parsed.ok) return parsed.refused;
  const post = parsed.value;
  const editor = { site, adminId: admin.id };
  const refuseFile = (message: string, status = 400) =>
    refuseSubmission(parsed.submission, { fieldErrors: { file: [message] } }, { status, extra: { kind: post.kind } });
  switch (post.intent) {
    case "upload": {
      const file = chosenFile(form, "file");
      if (!file) return refuseFile(UPLOAD_MESSAGES.noFile);
      try {
        await setSiteDocument(editor, post.kind, file);
      } catch (error) {
        if (error instanceof UploadRefused) return refuseFile(error.message, error.status);
        throw error;
      }
      return redirect(`${PATH}?saved=${post.kind}`, { status: 303 });
    }
    case "reset": {
      await setSiteDocument(editor, post.kind, null);
      return redirect(`${PATH}?reset=${post.kind}`, { status: 303 });
    }
    default:
      post satisfies never;
      throw data("알 수 없는 요청입니다.", { status: 400 });
  }
}

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "공고·서류 | 관리자",
    description: "모집공고와 계약 서류",
    path: PATH,
    robots: "noindex,nofollow",
  });

export default function DocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, message } = loaderData;
  const answeredKind = actionData && "kind" in actionData ? actionData.kind : null;
  // A post no form could have sent (a document the page does not know) answers above the cards.
  const unplaced = actionData && !answeredKind ? Object.values(actionData.result.error ?? {}).flat() : [];
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-title">공고·서류</h1>
      </div>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      <ErrorList errors={unplaced} />
      <div className="document-cards">
        {documents.map(({ kind, current }) => (
          <DocumentCard key={kind} kind={kind} current={current} lastResult={answeredKind === kind ? actionData?.result : undefined} />
        ))}
      </div>
    </div>
  );
}

function DocumentCard({
  kind,
  current,
  lastResult,
}: {
  kind: DocumentKind;
  current: { href: string; fileName: string; size: string; uploadedAt: string } | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith(PATH) === true;
  const [form, fields] = useConsoleForm({ id: `document-${kind}`, schema: DocumentFormSchema, lastResult, defaultValue: { kind } });
  // The file is not in the schema (the server reads it apart); a refused file answers under its name.
  const file = fields.file!;
  const hintId = `${file.id}-hint`;
  return (
    <section className="admin-card document-card" aria-labelledby={`document-${kind}-title`}>
      <h2 id={`document-${kind}-title`} className="admin-card__title">
        {DOCUMENT_LABELS[kind]}
      </h2>
      <p className="admin-muted">
        <a href={DOCUMENT_PAGES[kind].path} target="_blank" rel="noreferrer">
          {DOCUMENT_PAGES[kind].path}
        </a>{" "}
        에서 보입니다. {DOCUMENT_PAGES[kind].fallback}
      </p>
      {current ? (
        <p className="document-card__current">
          지금 파일:{" "}
          <a href={current.href} target="_blank" rel="noreferrer">
            {current.fileName}
          </a>{" "}
          ({current.size}, {current.uploadedAt} 올림)
        </p>
      ) : (
        <p className="document-card__current">지금 파일: 기본 파일</p>
      )}
      <Form method="post" action={`${PATH}?kind=${kind}`} encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="kind" value={kind} />
        <div className="admin-field">
          <label htmlFor={file.id}>새 PDF (20MB 이하)</label>
          <input
            id={file.id}
            name={file.name}
            type="file"
            accept="application/pdf"
            aria-invalid={file.errors ? true : undefined}
            aria-describedby={file.errors ? `${file.errorId} ${hintId}` : hintId}
          />
          <p id={hintId} className="admin-muted">
            PDF 파일만, 20MB 이하. 고른 파일의 내용을 확인해 PDF가 아니면 올리지 않습니다.
          </p>
          <ErrorList id={file.errorId} errors={file.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="admin-actions">
          <button type="submit" name="intent" value="upload" className="admin-button admin-button--primary" disabled={pending}>
            올리기
          </button>
          {current ? (
            <button type="submit" name="intent" value="reset" className="admin-button admin-button--ghost" disabled={pending}>
              기본 파일로 되돌리기
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
