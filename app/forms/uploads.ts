import { withParticle } from "#app/utils/particles.ts";
import * as z from "zod";

/** What the office may upload, and what it is told when a file is refused. Client-safe. */

/** A popup's image, a document's PDF, an 080 service's opt-out list (CSV), a list of leads to import (.xlsx or CSV). */
export const UPLOAD_KINDS = ["image", "pdf", "csv", "spreadsheet"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The documents a site may replace with an uploaded PDF. */
export const DOCUMENT_KINDS = ["announcement", "contract"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  announcement: "입주자 모집공고",
  contract: "계약 서류",
};

/** What the documents page tells the office (the particle follows the document's name). */
export const DOCUMENT_MESSAGES = {
  unknownKind: "바꿀 문서를 알 수 없습니다.",
  saved: (kind: DocumentKind) => `${withParticle(DOCUMENT_LABELS[kind], "을/를")} 바꿨습니다. 홈페이지에 바로 보입니다.`,
  reset: (kind: DocumentKind) => `${withParticle(DOCUMENT_LABELS[kind], "을/를")} 기본 파일로 되돌렸습니다.`,
} as const;

const DocumentKindSchema = z.enum(DOCUMENT_KINDS, { error: DOCUMENT_MESSAGES.unknownKind });

/**
 * The documents page's two forms (one per document): upload a PDF, or go back to the default. The
 * file is read apart from the text fields (a multipart post); its errors answer under `file`.
 */
export const DocumentFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), kind: DocumentKindSchema }),
  z.object({ intent: z.literal("reset"), kind: DocumentKindSchema }),
]);

/** Our own cap on an uploaded image's pixels (app/.server/content/uploads.ts reads it from the header). */
export const IMAGE_PIXELS_MAX = 40_000_000;

export const UPLOAD_MESSAGES = {
  tooLarge: {
    image: "이미지는 10MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
    pdf: "PDF는 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
    csv: "수신거부 목록은 2MB 이하만 올릴 수 있습니다. 목록을 나누어 올려 주세요.",
    spreadsheet: "고객 명단 파일은 5MB 이하만 올릴 수 있습니다. 파일을 나누어 올려 주세요.",
  } satisfies Record<UploadKind, string>,
  wrongType: {
    image:
      "JPG, PNG, WebP 이미지만 올릴 수 있습니다. 파일 이름이 아니라 내용을 확인하므로, 다른 형식의 파일은 이미지로 바꿔 저장한 뒤 올려 주세요.",
    pdf: "PDF 파일만 올릴 수 있습니다. 파일 내용이 PDF가 아닙니다.",
    csv: "CSV(쉼표로 구분된 텍스트) 파일만 읽을 수 있습니다. 엑셀 파일은 「다른 이름으로 저장」에서 CSV로 저장해 올려 주세요.",
    spreadsheet: "엑셀(.xlsx) 또는 CSV 파일만 올릴 수 있습니다. 엑셀 97-2003(.xls) 파일은 엑셀에서 .xlsx로 저장해 올려 주세요.",
  } satisfies Record<UploadKind, string>,
  tooManyPixels: ({ width, height }: { width: number; height: number }) =>
    `이미지가 너무 큽니다(가로 ${width.toLocaleString("ko-KR")} × 세로 ${height.toLocaleString("ko-KR")}픽셀). ${(IMAGE_PIXELS_MAX / 10_000).toLocaleString("ko-KR")}만 픽셀(예: 가로 8,000 × 세로 5,000) 이하로 줄여 다시 올려 주세요.`,
  unreadable: "파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인한 뒤 다시 올려 주세요.",
  noFile: "올릴 파일을 선택해 주세요.",
} as const;

/** What the console says of an uploaded image while it is made ready for the site (and if that fails). */
export const IMAGE_PROCESSING_MESSAGES = {
  processing: "이미지 처리 중… 끝나면 홈페이지 팝업에 이미지가 나옵니다. 그동안 팝업은 글만 보여 줍니다.",
  processingShort: "이미지 처리 중…",
  failed: "이미지를 처리하지 못했습니다. 「다시 처리」를 누르거나, 다른 이미지를 골라 저장해 주세요.",
  failedShort: "이미지 처리 실패",
  retry: "다시 처리",
  retried: "이미지를 다시 처리합니다.",
} as const;
