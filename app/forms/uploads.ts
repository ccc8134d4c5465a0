/** What the office may upload, and what it is told when a file is refused. Client-safe. */

export const UPLOAD_KINDS = ["image", "pdf"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The documents a site may replace with an uploaded PDF. */
export const DOCUMENT_KINDS = ["announcement", "contract"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  announcement: "입주자 모집공고",
  contract: "계약 서류",
};

export const UPLOAD_MESSAGES = {
  tooLarge: {
    image: "이미지는 10MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
    pdf: "PDF는 20MB 이하만 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.",
  } satisfies Record<UploadKind, string>,
  wrongType: {
    image:
      "JPG, PNG, WebP 이미지만 올릴 수 있습니다. 파일 이름이 아니라 내용을 확인하므로, 다른 형식의 파일은 이미지로 바꿔 저장한 뒤 올려 주세요.",
    pdf: "PDF 파일만 올릴 수 있습니다. 파일 내용이 PDF가 아닙니다.",
  } satisfies Record<UploadKind, string>,
  unreadable: "파일을 읽을 수 없습니다. 파일이 손상되지 않았는지 확인한 뒤 다시 올려 주세요.",
  noFile: "올릴 파일을 선택해 주세요.",
} as const;
