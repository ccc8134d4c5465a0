import { Form, Link, useNavigation } from "react-router";
import { POPUP_BODY_MAX, POPUP_DEVICE_LABELS, POPUP_DEVICES, POPUP_TITLE_MAX, type PopupDevices } from "#app/forms/popups.ts";

export interface PopupEditorValues {
  title: string;
  body: string;
  linkUrl: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  sortOrder: string;
  devices: PopupDevices;
}

export interface PopupEditorImage {
  src: string;
  width: number;
  height: number;
}

/** The popup form: a multipart post, so it uploads its image without scripts too. */
export function PopupEditor({
  values,
  error,
  image,
  popupId,
}: {
  values: PopupEditorValues;
  error: string | null;
  image: PopupEditorImage | null;
  popupId?: number;
}) {
  const pending = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" className="admin-card admin-form popup-editor">
      <div className="admin-field">
        <label htmlFor="popup-title">제목</label>
        <input id="popup-title" name="title" required maxLength={POPUP_TITLE_MAX} defaultValue={values.title} />
      </div>
      <div className="admin-field">
        <label htmlFor="popup-body">내용</label>
        <textarea id="popup-body" name="body" rows={5} maxLength={POPUP_BODY_MAX} defaultValue={values.body} />
      </div>
      <div className="admin-field">
        <label htmlFor="popup-image">이미지 (선택)</label>
        {image ? (
          <div className="popup-editor__image">
            <img src={image.src} width={image.width} height={image.height} alt="지금 올려 둔 이미지" />
            <label className="admin-check">
              <input type="checkbox" name="removeImage" /> 이미지 빼기
            </label>
          </div>
        ) : null}
        <input id="popup-image" name="image" type="file" accept="image/jpeg,image/png,image/webp" aria-describedby="popup-image-hint" />
        <p id="popup-image-hint" className="admin-muted">
          JPG, PNG, WebP, 10MB 이하. 올리면 AVIF와 WebP로 바꿔 빠르게 보여 줍니다.
          {image ? " 새 이미지를 고르면 지금 이미지를 바꿉니다." : ""}
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor="popup-link">링크 (선택)</label>
        <input
          id="popup-link"
          name="linkUrl"
          inputMode="url"
          placeholder="https://… 또는 /SalesInfo/announcement"
          defaultValue={values.linkUrl}
          aria-describedby="popup-link-hint"
        />
        <p id="popup-link-hint" className="admin-muted">
          팝업을 누르면 열 주소입니다. https:// 주소나 /로 시작하는 이 사이트의 경로만 넣을 수 있습니다.
        </p>
      </div>
      <fieldset className="popup-editor__period">
        <legend>게시 기간 (한국 시간)</legend>
        <div className="admin-field">
          <label htmlFor="popup-start-day">시작 날짜</label>
          <input id="popup-start-day" name="startDay" type="date" required defaultValue={values.startDay} />
        </div>
        <div className="admin-field">
          <label htmlFor="popup-start-time">시작 시각</label>
          <input id="popup-start-time" name="startTime" type="time" required defaultValue={values.startTime} />
        </div>
        <div className="admin-field">
          <label htmlFor="popup-end-day">종료 날짜</label>
          <input id="popup-end-day" name="endDay" type="date" required defaultValue={values.endDay} />
        </div>
        <div className="admin-field">
          <label htmlFor="popup-end-time">종료 시각</label>
          <input id="popup-end-time" name="endTime" type="time" required defaultValue={values.endTime} />
        </div>
      </fieldset>
      <div className="popup-editor__row">
        <div className="admin-field">
          <label htmlFor="popup-order">순서</label>
          <input
            id="popup-order"
            name="sortOrder"
            type="number"
            min={0}
            max={999}
            required
            defaultValue={values.sortOrder}
            aria-describedby="popup-order-hint"
          />
          <p id="popup-order-hint" className="admin-muted">
            작은 숫자가 먼저(왼쪽에) 나옵니다.
          </p>
        </div>
        <fieldset className="admin-field">
          <legend>보여 줄 기기</legend>
          {POPUP_DEVICES.map((device) => (
            <label key={device} className="admin-check">
              <input type="radio" name="devices" value={device} defaultChecked={values.devices === device} /> {POPUP_DEVICE_LABELS[device]}
            </label>
          ))}
        </fieldset>
      </div>
      {error ? (
        <p className="admin-form__error" role="alert">
          {error}
        </p>
      ) : null}
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
