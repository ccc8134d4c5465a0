import { useEffect, useRef, useState } from "react";
import { bandLabel, dueText, formatWon, fullWon, paymentLabel, PRICE_WORDS } from "#app/content/price-words.ts";
import { paymentPlan, rateText, readRate, type PriceSheet } from "#app/utils/payment-plan.ts";
import { useHydrated } from "#app/utils/use-hydrated.ts";

/** What the buyer picked: a type, a band (its index in the sheet) and the rate as typed. */
export interface CalculatorChoice {
  type: string;
  band: number;
  rate: string;
}

/**
 * The choice a URL asks for (the calculator's GET form, without scripts), or the first type the
 * table prices on its first band that has it, at the office's rate.
 */
export function readChoice(sheet: PriceSheet, params: URLSearchParams): CalculatorChoice {
  const officeRate = rateText(sheet.loan.rateBasisPoints);
  const rate = params.get("rate")?.slice(0, 10) ?? officeRate;
  const askedType = params.get("type");
  const askedBand = Number(params.get("band"));
  if (askedType && sheet.types.includes(askedType) && Number.isInteger(askedBand) && sheet.bands[askedBand]) {
    return { type: askedType, band: askedBand, rate };
  }
  for (const type of sheet.types) {
    const band = sheet.bands.findIndex((candidate) => candidate.prices[type] != null);
    if (band >= 0) return { type, band, rate };
  }
  return { type: sheet.types[0] ?? "", band: 0, rate };
}

/** What the calculator's boxes hold. */
function typedChoice(form: HTMLFormElement, initial: CalculatorChoice): CalculatorChoice {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  return {
    type: field("type")?.value ?? initial.type,
    band: Number(field("band")?.value ?? initial.band),
    rate: field("rate")?.value ?? initial.rate,
  };
}

/**
 * Pick a type and a band, see each payment and the 중도금 loan's interest. Without scripts it is a
 * GET form the server answers with the same figures; with them it answers as the buyer changes it.
 */
export function PaymentCalculator({
  sheet,
  typeLabels,
  initial,
}: {
  sheet: PriceSheet;
  typeLabels: Record<string, string>;
  initial: CalculatorChoice;
}) {
  const [choice, setChoice] = useState(initial);
  const hydrated = useHydrated();
  const controls = useRef<HTMLFormElement>(null);
  // A choice made before the page's script ran (a slow phone) stays in the boxes while the state
  // keeps the server's: the figures would not follow it, and the next change would undo it.
  useEffect(() => {
    const typed = controls.current ? typedChoice(controls.current, initial) : initial;
    if (typed.type !== initial.type || typed.band !== initial.band || typed.rate !== initial.rate) setChoice(typed);
    // Only once, when the script takes over the form the server sent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const band = sheet.bands[choice.band];
  const price = band?.prices[choice.type] ?? null;
  const asksRate = sheet.loan.kind === "deferred-interest";
  const typedRate = readRate(choice.rate);
  const plan = price === null ? null : paymentPlan(sheet, price, typedRate ?? sheet.loan.rateBasisPoints);
  const rounds = (stage: string) => sheet.payments.filter((payment) => payment.stage === stage).length;
  const typeLabel = typeLabels[choice.type] ?? choice.type;
  const bandText = band ? bandLabel(band) : "";

  return (
    <section className="calculator" id="calculator" aria-labelledby="calculator-title">
      <h3 id="calculator-title" className="info-subtitle">
        {PRICE_WORDS.calculatorTitle}
      </h3>
      <p className="calculator__intro">{PRICE_WORDS.calculatorIntro}</p>
      <form
        ref={controls}
        method="get"
        action="#calculator"
        className="calculator__controls"
        // With scripts the figures already follow every change; the button is for a page without them.
        onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
      >
        <div className="calculator__field">
          <label htmlFor="calculator-type">{PRICE_WORDS.typeLabel}</label>
          <select
            id="calculator-type"
            name="type"
            value={choice.type}
            onChange={(event) => setChoice({ ...choice, type: event.target.value })}
          >
            {sheet.types.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type] ?? type}
              </option>
            ))}
          </select>
        </div>
        <div className="calculator__field">
          <label htmlFor="calculator-band">{PRICE_WORDS.bandLabel}</label>
          <select
            id="calculator-band"
            name="band"
            value={choice.band}
            onChange={(event) => setChoice({ ...choice, band: Number(event.target.value) })}
          >
            {sheet.bands.map((option, index) => (
              <option key={option.from} value={index}>
                {bandLabel(option)}
              </option>
            ))}
          </select>
        </div>
        {asksRate ? (
          <div className="calculator__field">
            <label htmlFor="calculator-rate">{PRICE_WORDS.rateLabel}</label>
            <input
              id="calculator-rate"
              name="rate"
              inputMode="decimal"
              autoComplete="off"
              value={choice.rate}
              onChange={(event) => setChoice({ ...choice, rate: event.target.value })}
              aria-invalid={typedRate === null}
              aria-describedby={typedRate === null ? "calculator-rate-error calculator-rate-hint" : "calculator-rate-hint"}
            />
            <small id="calculator-rate-hint">{PRICE_WORDS.rateHint}</small>
            {typedRate === null ? (
              <small id="calculator-rate-error" className="calculator__error" role="alert">
                {PRICE_WORDS.rateInvalid}
              </small>
            ) : null}
          </div>
        ) : null}
        <button type="submit" className="button button--brand calculator__submit">
          {PRICE_WORDS.calculate}
        </button>
      </form>

      <div className="calculator__result" aria-live="polite">
        {plan === null ? (
          <p className="calculator__empty">{PRICE_WORDS.notSoldThere(typeLabel, bandText)}</p>
        ) : (
          <>
            <p className="calculator__price">
              <span>{`${typeLabel} · ${bandText} ${PRICE_WORDS.price}`}</span>
              <strong data-figure="price">{formatWon(plan.price)}</strong>
              <small>{fullWon(plan.price)}</small>
            </p>
            <div className="sale-price__scroll" tabIndex={0} role="region" aria-label={PRICE_WORDS.planCaption(typeLabel, bandText)}>
              <table className="data-table calculator__table">
                <caption>{PRICE_WORDS.planCaption(typeLabel, bandText)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{PRICE_WORDS.planColumns.payment}</th>
                    <th scope="col">{PRICE_WORDS.planColumns.due}</th>
                    <th scope="col">{PRICE_WORDS.planColumns.percent}</th>
                    <th scope="col">{PRICE_WORDS.planColumns.amount}</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.payments.map((payment) => (
                    <tr key={`${payment.stage}-${payment.round}`}>
                      <th scope="row">{paymentLabel(payment.stage, payment.round, rounds(payment.stage))}</th>
                      <td>{dueText(payment.dueOn)}</td>
                      <td>{`${payment.percent}%`}</td>
                      <td data-figure="payment">{formatWon(payment.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {plan.loans.length > 0 ? (
              <>
                <div className="sale-price__scroll" tabIndex={0} role="region" aria-label={PRICE_WORDS.loanCaption}>
                  <table className="data-table calculator__table">
                    <caption>{PRICE_WORDS.loanCaption}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{PRICE_WORDS.loanColumns.round}</th>
                        <th scope="col">{PRICE_WORDS.loanColumns.loan}</th>
                        <th scope="col">{PRICE_WORDS.loanColumns.outstanding}</th>
                        <th scope="col">{PRICE_WORDS.loanColumns.monthly}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {plan.loans.map((line) => (
                        <tr key={line.round}>
                          <th scope="row">{paymentLabel("interim", line.round, plan.loans.length)}</th>
                          <td>{formatWon(line.loan)}</td>
                          <td>{formatWon(line.outstanding)}</td>
                          <td data-figure="monthly">{formatWon(line.monthlyInterest)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <dl className="calculator__totals">
                  <div>
                    <dt>{PRICE_WORDS.totalLoan}</dt>
                    <dd data-figure="total-loan">{formatWon(plan.totalLoan)}</dd>
                  </div>
                  {sheet.loan.kind === "deferred-interest" ? (
                    <>
                      <div>
                        <dt>{PRICE_WORDS.fullMonthly}</dt>
                        <dd data-figure="full-monthly">{formatWon(plan.fullMonthlyInterest)}</dd>
                      </div>
                      <div>
                        <dt>{PRICE_WORDS.deferredTotal}</dt>
                        <dd data-figure="deferred">{formatWon(plan.deferredInterest)}</dd>
                      </div>
                    </>
                  ) : (
                    <div>
                      <dt>{PRICE_WORDS.fullMonthly}</dt>
                      <dd data-figure="full-monthly">{formatWon(0)}</dd>
                    </div>
                  )}
                </dl>
                {sheet.loan.kind === "interest-free" ? <p className="calculator__note">{PRICE_WORDS.interestFree}</p> : null}
                {plan.deferredInterestIncomplete ? <p className="calculator__note">{PRICE_WORDS.deferredIncomplete}</p> : null}
              </>
            ) : null}
            <p className="calculator__estimate">{PRICE_WORDS.estimate}</p>
          </>
        )}
      </div>
    </section>
  );
}
