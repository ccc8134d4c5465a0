import { useId } from "react";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";
import type { FieldErrors } from "#app/forms/lead-schema.ts";
import { VISIT_MESSAGES, VISIT_PICKER_TEXT, type VisitDay } from "#app/forms/visit.ts";

/**
 * The date and time choice of the visit form. Plain radio buttons: one group of days, one group
 * of times (each day's times in its own fieldset). CSS shows only the chosen day's times, so it
 * works without JavaScript; with it, changing the day also clears a time picked under another day.
 */
export function VisitSlotPicker({
  schedule,
  error,
  initial,
  waitlistHref,
}: {
  schedule: VisitDay[];
  error?: string;
  initial?: { visitDate?: string; visitSlot?: string };
  /** Where a full time's 대기 신청 goes (the booking form's picker only): a plain link, so it works without scripts. */
  waitlistHref?: (slotId: number) => string;
}) {
  const id = useId();
  const chosenDay =
    schedule.find((day) => day.day === initial?.visitDate && day.bookable)?.day ?? schedule.find((day) => day.bookable)?.day;
  return (
    <fieldset
      className={`visit-picker${error ? " visit-picker--invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(event) => {
        const input = event.target;
        if (!(input instanceof HTMLInputElement) || input.name !== "visitDate") return;
        for (const slot of event.currentTarget.querySelectorAll<HTMLInputElement>('input[name="visitSlot"]:checked')) {
          if (slot.dataset.day !== input.value) slot.checked = false;
        }
      }}
    >
      <legend className="lead-field__label visit-picker__legend">
        {VISIT_PICKER_TEXT.legend}
        <span className="lead-field__badge">{LEAD_FORM_TEXT.required}</span>
      </legend>
      <div className="visit-picker__days" role="group" aria-label={VISIT_PICKER_TEXT.dates}>
        {schedule.map((day) => {
          const [, month, date] = day.day.split("-").map(Number);
          return (
            <div className="visit-day" key={day.day}>
              <input
                type="radio"
                className="visit-day__input"
                name="visitDate"
                id={`${id}-${day.day}`}
                value={day.day}
                defaultChecked={day.day === chosenDay}
                disabled={!day.bookable}
              />
              <label htmlFor={`${id}-${day.day}`} className="visit-day__chip">
                <span className="visually-hidden">
                  {day.label}
                  {day.bookable ? "" : ` ${VISIT_PICKER_TEXT.noneLeft}`}
                </span>
                <span aria-hidden="true" className="visit-day__weekday">
                  {day.weekday}
                </span>
                <span aria-hidden="true" className="visit-day__date">
                  {month}.{date}
                </span>
              </label>
              <fieldset className="visit-day__slots">
                <legend className="visit-day__slots-legend">{VISIT_PICKER_TEXT.times(day.label)}</legend>
                {day.slots.map((slot) =>
                  slot.state === "full" && waitlistHref ? (
                    <a
                      key={slot.id}
                      href={waitlistHref(slot.id)}
                      className="visit-slot visit-slot--full visit-slot--waitlist"
                      aria-label={VISIT_PICKER_TEXT.waitlistLabel(slot.time)}
                    >
                      <span className="visit-slot__time">{slot.time}</span>
                      <span className="visit-slot__left">{VISIT_PICKER_TEXT.waitlist}</span>
                    </a>
                  ) : (
                    <label key={slot.id} className={`visit-slot visit-slot--${slot.state}`}>
                      <input
                        type="radio"
                        name="visitSlot"
                        value={slot.id}
                        data-day={day.day}
                        required
                        disabled={slot.state !== "open"}
                        defaultChecked={String(slot.id) === initial?.visitSlot && slot.state === "open"}
                      />
                      <span className="visit-slot__time">{slot.time}</span>
                      <span className="visit-slot__left">
                        {slot.state === "open"
                          ? VISIT_PICKER_TEXT.remaining(slot.remaining, slot.unit)
                          : slot.state === "full"
                            ? VISIT_PICKER_TEXT.full
                            : VISIT_PICKER_TEXT.past}
                      </span>
                    </label>
                  ),
                )}
              </fieldset>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="lead-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The browser's check before sending: with days on offer, a time must be chosen. */
export function checkVisitSlot(form: HTMLFormElement): FieldErrors {
  const offered = form.querySelector('input[name="visitSlot"]');
  if (!offered) return {};
  return form.querySelector('input[name="visitSlot"]:checked') ? {} : { visitSlot: VISIT_MESSAGES.chooseSlot };
}
