import { useId } from "react";
import { LEAD_FORM_TEXT } from "#app/forms/lead.ts";

/**
 * The lead forms' optional unit type, and the unit a visitor picked on the 잔여세대 page (its link
 * preselects it): a plain select, so it costs the page no script.
 */
export function UnitInterestField({
  types,
  unit,
  value,
  error,
}: {
  types: string[];
  unit?: { id: number; label: string; typeKey: string } | null;
  value?: string;
  error?: string;
}) {
  const id = useId();
  if (types.length === 0) return null;
  const words = LEAD_FORM_TEXT.unitType;
  return (
    <div className={`lead-field${error ? " lead-field--invalid" : ""}`}>
      <label className="lead-field__label" htmlFor={id}>
        {words.label}
        <span className="lead-field__badge lead-field__badge--optional">{LEAD_FORM_TEXT.optional}</span>
      </label>
      <select
        id={id}
        name="unitType"
        className="lead-field__control"
        defaultValue={unit?.typeKey ?? value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={unit || error ? `${id}-note` : undefined}
      >
        <option value="">{words.none}</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      {unit ? (
        <p id={`${id}-note`} className="lead-field__hint" data-testid="chosen-unit">
          {`${words.chosenUnit}: ${unit.label} (${unit.typeKey})`}
          <input type="hidden" name="unitId" value={unit.id} />
        </p>
      ) : error ? (
        <p id={`${id}-note`} className="lead-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
