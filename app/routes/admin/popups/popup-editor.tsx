import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { POPUP_BODY_MAX, POPUP_DEVICE_LABELS, POPUP_DEVICES, POPUP_TITLE_MAX, PopupSchema, type PopupDevices } from "#app/forms/popups.ts";
import { IMAGE_PROCESSING_MESSAGES } from "#app/forms/uploads.ts";
import { AD_COPY_CONFIRM_FIELD } from "#app/forms/ad-copy.ts";
import { AdCopyConfirm, AdCopyNote, useAdCopyCheck } from "../ad-copy.tsx";
import { ErrorList, Field, TextareaField, useConsoleForm } from "../forms.tsx";

export type PopupEditorValues = {
  title: string;
  body: string;
  linkUrl: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  sortOrder: string;
  devices: PopupDevices;
};

/** The popup's image: ready to show, still being processed after its upload, or failed (it can be tried again). */
export type PopupEditorImage =
  { state: "ready"; src: string; width: number; height: number } | { state: "processing" } | { state: "failed" };

const AD_COPY_FIELDS = ["title", "body"] as const;

/** The popup form: a multipart post, so it uploads its image without scripts too. */
export function PopupEditor({
  values,
  lastResult,
  image,
  popupId,
}: {
  values: PopupEditorValues;
  /** The server's answer to a refused post: every field's error, with what was typed. */
  lastResult?: SubmissionResult<string[]>;
  image: PopupEditorImage | null;
  popupId?: number;
}) {
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useConsoleForm({
    id: popupId ? `popup-${popupId}` : "popup-new",
    schema: PopupSchema,
    lastResult,
    defaultValue: values,
  });
  const { devices } = fields;
  const adCopy = useAdCopyCheck(fields, AD_COPY_FIELDS);
  // The file is not in the schema (the server reads it apart); a refused image still answers under its name.
  const imageField = fields.image!;
  const imageHintId = `${imageField.id}-hint`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="admin-card admin-form popup-editor"
      onInput={adCopy.follow}
      {...getFormProps(form)}
    >
      <Field meta={fields.title} label="제목" maxLength={POPUP_TITLE_MAX} />
      <AdCopyNote meta={fields.title} warnings={adCopy.warnings.title} />
      <TextareaField meta={fields.body} label="내용" rows={5} maxLength={POPUP_BODY_MAX} />
      <AdCopyNote meta={fields.body} warnings={adCopy.warnings.body} />
      <div className="admin-field">
        <label htmlFor={imageField.id}>이미지 (선택)</label>
        {image ? (
          <div className="popup-editor__image">
            {image.state === "ready" ? <img src={image.src} width={image.width} height={image.height} alt="지금 올려 둔 이미지" /> : null}
            {image.state === "processing" ? (
              <p className="admin-notice popup-editor__processing" role="status">
                {IMAGE_PROCESSING_MESSAGES.processing}
              </p>
            ) : null}
            {image.state === "failed" ? (
              <div className="popup-editor__failed">
                <p className="admin-form__error" role="alert">
                  {IMAGE_PROCESSING_MESSAGES.failed}
                </p>
                <button
                  type="submit"
                  name="intent"
                  value="retry-image"
                  formNoValidate
                  className="admin-button admin-button--ghost"
                  disabled={pending}
                >
                  {IMAGE_PROCESSING_MESSAGES.retry}
                </button>
              </div>
            ) : null}
            <label className="admin-check">
              <input type="checkbox" name="removeImage" /> 이미지 빼기
            </label>
          </div>
        ) : null}
        <input
          id={imageField.id}
          name={imageField.name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={imageField.errors ? true : undefined}
          aria-describedby={imageField.errors ? `${imageField.errorId} ${imageHintId}` : imageHintId}
        />
        <p id={imageHintId} className="admin-muted">
          JPG, PNG, WebP, 10MB 이하. 올리면 AVIF와 WebP로 바꿔 빠르게 보여 줍니다.
          {image ? " 새 이미지를 고르면 지금 이미지를 바꿉니다." : ""}
        </p>
        <ErrorList id={imageField.errorId} errors={imageField.errors} />
      </div>
      <Field
        meta={fields.linkUrl}
        label="링크 (선택)"
        inputMode="url"
        placeholder="https://… 또는 /SalesInfo/announcement"
        hint="팝업을 누르면 열 주소입니다. https:// 주소나 /로 시작하는 이 사이트의 경로만 넣을 수 있습니다."
      />
      <fieldset className="popup-editor__period">
        <legend>게시 기간 (한국 시간)</legend>
        <Field meta={fields.startDay} label="시작 날짜" type="date" />
        <Field meta={fields.startTime} label="시작 시각" type="time" />
        <Field meta={fields.endDay} label="종료 날짜" type="date" />
        <Field meta={fields.endTime} label="종료 시각" type="time" />
      </fieldset>
      <div className="popup-editor__row">
        <Field meta={fields.sortOrder} label="순서" type="number" min={0} max={999} hint="작은 숫자가 먼저(왼쪽에) 나옵니다." />
        <fieldset className="admin-field" aria-describedby={devices.errors ? devices.errorId : undefined}>
          <legend>보여 줄 기기</legend>
          {POPUP_DEVICES.map((device) => (
            <label key={device} className="admin-check">
              <input
                type="radio"
                name={devices.name}
                value={device}
                defaultChecked={devices.initialValue === device}
                aria-invalid={devices.errors ? true : undefined}
              />{" "}
              {POPUP_DEVICE_LABELS[device]}
            </label>
          ))}
          <ErrorList id={devices.errorId} errors={devices.errors} />
        </fieldset>
      </div>
      <AdCopyConfirm meta={fields[AD_COPY_CONFIRM_FIELD]!} warned={adCopy.any} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="admin-actions">
        <button type="submit" name="intent" value="save" className="admin-button admin-button--primary" disabled={pending}>
          {pending ? "저장하는 중…" : "저장"}
        </button>
        <Link to="/admin/popups" className="admin-button admin-button--ghost">
          목록으로
        </Link>
        {popupId !== undefined ? (
          <button
            type="submit"
            name="intent"
            value="delete"
            formNoValidate
            className="admin-button admin-button--ghost popup-editor__delete"
            disabled={pending}
            onClick={(event) => {
              if (!window.confirm("이 팝업을 삭제할까요? 올린 이미지도 함께 지웁니다.")) event.preventDefault();
            }}
          >
            삭제
          </button>
        ) : null}
      </div>
    </Form>
  );
}
