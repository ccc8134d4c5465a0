import { data, Form, redirect, useNavigation } from "react-router";
import { requireSite } from "#app/.server/site.ts";
import { chosenFile, readUploadForm, setSiteDocument, siteDocument, UploadRefused } from "#app/.server/content/uploads.ts";
import { DOCUMENT_KINDS, DOCUMENT_LABELS, UPLOAD_MESSAGES, type DocumentKind } from "#app/forms/uploads.ts";
import { formatKst } from "#app/utils/kst.ts";
import { seo, siteSeoFrom } from "#app/utils/meta.ts";
import { withParticle } from "#app/utils/particles.ts";
import { signedInAdmin } from "../guard.server.ts";
import type { Route } from "./+types/documents";

/** Where each document shows on the public site, and what it shows without an upload. */
const DOCUMENT_PAGES: Record<DocumentKind, { path: string; fallback: string }> = {
  announcement: { path: "/SalesInfo/announcement", fallback: "올린 파일이 없으면 기본 모집공고 PDF를 보여 줍니다." },
  contract: { path: "/BusinessGuide/documents", fallback: "올린 파일이 없으면 「준비 중」 안내를 보여 줍니다." },
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = requireSite(context).slug;
  const url = new URL(request.url);
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
  const changed = DOCUMENT_KINDS.find((kind) => kind === url.searchParams.get("saved"));
  return {
    documents,
    message: changed ? `${withParticle(DOCUMENT_LABELS[changed], "을/를")} 바꿨습니다. 홈페이지에 바로 보입니다.` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInAdmin(context);
  const site = requireSite(context).slug;
  try {
    const form = await readUploadForm(request, "pdf");
    const kind = DOCUMENT_KINDS.find((candidate) => candidate === form.get("kind"));
    if (!kind) return data({ kind: null, error: "바꿀 문서를 알 수 없습니다." }, { status: 400 });
    const file = form.get("intent") === "reset" ? null : chosenFile(form, "file");
    if (!file && form.get("intent") !== "reset") return data({ kind, error: UPLOAD_MESSAGES.noFile }, { status: 400 });
    await setSiteDocument({ site, adminId: admin.id }, kind, file);
    throw redirect(`/admin/documents?saved=${kind}`, { status: 303 });
  } catch (error) {
    if (error instanceof UploadRefused) return data({ kind: null, error: error.message }, { status: error.status });
    throw error;
  }
}

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(siteSeoFrom(matches), {
    title: "공고·서류 | 관리자",
    description: "모집공고와 계약 서류",
    path: "/admin/documents",
    robots: "noindex,nofollow",
  });

export default function DocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { documents, message } = loaderData;
  const pending = useNavigation().state === "submitting";
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
      {actionData?.error && actionData.kind === null ? (
        <p className="admin-form__error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <div className="document-cards">
        {documents.map(({ kind, current }) => (
          <section key={kind} className="admin-card document-card" aria-labelledby={`document-${kind}-title`}>
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
            <Form method="post" encType="multipart/form-data" className="admin-form">
              <input type="hidden" name="kind" value={kind} />
              <div className="admin-field">
                <label htmlFor={`document-${kind}-file`}>새 PDF (20MB 이하)</label>
                <input id={`document-${kind}-file`} name="file" type="file" accept="application/pdf" />
              </div>
              {actionData?.error && actionData.kind === kind ? (
                <p className="admin-form__error" role="alert">
                  {actionData.error}
                </p>
              ) : null}
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
        ))}
      </div>
    </div>
  );
}
