import { useEffect, useRef } from "react";
import {
  brandOf,
  enrolmentPath,
  formatMoney,
  fundOf,
  isTaxRegistrable,
  type Cents,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import type { DialCodeRegions, DialCountry } from "../enrolment/dial-code";
import { SignInToGive, useSignInFirst } from "../giving/SignInToGive";
import { Checkbox } from "../ui/Checkbox";
import { ChallengeDialog } from "./ChallengeDialog";
import { CheckoutDone } from "./CheckoutDone";
import { DonorFields } from "./DonorFields";
import { EnrolledNote } from "./EnrolledNote";
import type { CheckoutLabels } from "./labels";
import { HouseholdSection } from "./HouseholdSection";
import { amountToPay, orderItemsOf, partlyPaid } from "./household-order";
import { OrderDone, OrderPayNow, OrderProgress } from "./OrderDone";
import { givingPathOf } from "./order-source";
import { OrderSummary } from "./OrderSummary";
import { PayNowPanel } from "./PayNowPanel";
import { isRateProblem } from "./problems";
import { FrequencyChoice, PaymentFields } from "./PaymentFields";
import { useCheckout } from "./state";

export interface CheckoutProps {
  readonly lang: Language;
  readonly labels: CheckoutLabels;
  readonly productRoute: string;
  /** The mobile number's dial-code list, in the page's language, and the main country of each shared code. */
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly dialRegions: DialCodeRegions;
}

/**
 * Checkout: the order the flow's page left in this tab, priced again with the live rates; the donor's
 * details; card (sandbox or Stripe), wallet or PayNow. Card details go to the gateway only. The state
 * and what paying does are in ./state.ts; this draws it.
 */
export default function Checkout(props: CheckoutProps) {
  const { lang, labels: l, productRoute } = props;
  const s = useCheckout(props);
  // Where sign-in comes before giving (PORTAL_SIGN_IN_REQUIRED), a guest signs in first.
  const signInFirst = useSignInFirst();
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (s.problem !== null) problemRef.current?.focus();
  }, [s.problem]);

  if (s.phase.kind === "done") {
    return (
      <CheckoutDone paid={s.phase.donation} labels={l} lang={lang} productRoute={productRoute} />
    );
  }
  if (s.phase.kind === "order-done") {
    return (
      <OrderDone payments={s.phase.payments} labels={l} lang={lang} productRoute={productRoute} />
    );
  }
  if (s.phase.kind === "order-paynow" && s.orderPay.payments) {
    return (
      <OrderPayNow
        payments={s.orderPay.payments}
        labels={l}
        onPaid={s.orderPay.paidByPayNow}
        onBack={s.orderPay.leavePayNow}
      />
    );
  }
  if (s.phase.kind === "paynow" && s.reference && s.donation) {
    return (
      <PayNowPanel
        reference={s.reference}
        transactionNo={s.donation.transactionNo}
        amount={s.donation.totalCents as Cents}
        labels={l}
        onPaid={s.finish}
        onBack={() => s.setPhase({ kind: "form" })}
      />
    );
  }

  const back = localizedPath(givingPathOf(s.flow, productRoute), lang);
  const zakatLike = brandOf(s.flow) === "zakat";
  // A household's fidyah beside its zakat, or an order part paid (its household form put away, or
  // gone with a reload): one time, by card or PayNow, no fee (state.ts, household-order.ts).
  const partPaid = partlyPaid(s.orderPay.payments);
  const { paysOrder } = s;
  const recurringAllowed = fundOf(s.flow).recurring && !paysOrder;
  const total = ((s.order?.total ?? 0) + (s.fidyahOrder?.total ?? 0)) as Cents;
  // On either gateway (on Stripe the order's payments share a Customer the server makes, so the one
  // card Stripe.js made confirms both). An instalment's payment is a single donation of its plan: no
  // fidyah beside it.
  const householdItems = orderItemsOf(s.flow, s.savedCards !== null && !s.instalment);
  // Once a refusal says the own fitrah rate is out of range, the alert says it (and links back): the
  // order summary's notice of the same would only say it twice.
  const rateRefused = isRateProblem(l, s.problem, s.rateNotice);
  return (
    <div className="checkout">
      <div
        ref={problemRef}
        tabIndex={-1}
        role="alert"
        className={s.problem ? "checkout-problem" : undefined}
        data-testid="checkout-problem"
      >
        {s.problem}
        {rateRefused ? (
          <>
            {" "}
            <a href={back}>{l.polish_checkout_fitrah_change}</a>
          </>
        ) : null}
      </div>
      {s.instalment ? (
        <p className="checkout-note" data-testid="instalment-note">
          {fill(l.instal_checkout_note, {
            part:
              s.instalment.part === "first" ? l.instal_checkout_first : l.instal_checkout_settle,
          })}
        </p>
      ) : null}
      {partPaid && s.orderPay.payments ? (
        // One fund paid, the other not: which is which, in place of the order (it stands as made).
        <OrderProgress
          payments={s.orderPay.payments}
          labels={l}
          lang={lang}
          productRoute={productRoute}
        />
      ) : (
        <OrderSummary
          order={s.order}
          fidyah={s.fidyahOrder}
          loading={s.phase.kind === "loading"}
          labels={l}
          back={back}
          rateNotice={rateRefused ? null : s.rateNotice}
        />
      )}
      {householdItems.length > 0 && s.order && !signInFirst ? (
        // Kept mounted (hidden) while a part is paid: the order is not made again from new entries.
        <div hidden={partPaid}>
          <HouseholdSection
            labels={l}
            rates={s.rates}
            household={s.household}
            saved={s.savedHousehold}
            items={householdItems}
          />
        </div>
      ) : null}
      {signInFirst && s.order && total > 0 ? (
        <section className="calc-card">
          <SignInToGive labels={l} heading />
        </section>
      ) : (s.order && total > 0) || partPaid ? (
        <form
          className="checkout-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void s.pay();
          }}
        >
          <fieldset className="calc-card">
            <legend>
              <h2>{l.checkout_details}</h2>
            </legend>
            {s.prefilled ? (
              <p className="field-hint checkout-prefilled" data-testid="donor-prefilled">
                {l.checkout_prefilled}
              </p>
            ) : null}
            <EnrolledNote
              enrolled={s.enrolled}
              labels={l}
              enrolPath={
                s.prefilled ? null : localizedPath(enrolmentPath(s.flow, productRoute), lang)
              }
            />
            <DonorFields
              nameFixed={s.enrolled !== null}
              donor={s.donor}
              errors={s.donorErrors}
              labels={l}
              zakatLike={zakatLike}
              taxIncluded={isTaxRegistrable(s.flow)}
              dialCountries={props.dialCountries}
              onChange={s.setDonor}
            />
          </fieldset>
          {recurringAllowed ? (
            <FrequencyChoice labels={l} frequency={s.frequency} onChange={s.chooseFrequency} />
          ) : null}
          <PaymentFields
            labels={l}
            method={s.method}
            onMethod={s.chooseMethod}
            recurring={s.frequency !== "one time" && !paysOrder}
            cardOrPayNow={paysOrder}
            savedCards={s.savedCards}
            cardChoice={s.cardChoice}
            onCardChoice={s.setCardChoice}
            gateway={s.gateway}
            stripeHost={s.stripeHost}
            card={s.card}
            cardErrors={s.cardErrors}
            onCard={s.setCard}
            saveCard={s.saveCard}
            onSaveCard={s.setSaveCard}
          />
          {s.offeredFee > 0 ? (
            <div className="calc-card checkout-fee">
              <Checkbox
                label={fill(l.checkout_fee_cover, { amount: formatMoney(s.offeredFee as Cents) })}
                checked={s.coverFee}
                onChange={s.setCoverFee}
                testId="cover-fee"
                hint={l.checkout_fee_hint}
              />
            </div>
          ) : null}
          <p className="checkout-actions">
            <button
              type="submit"
              className="button"
              disabled={s.busy}
              aria-busy={s.busy}
              data-testid="checkout-pay"
            >
              {s.busy
                ? l.checkout_paying
                : fill(l.checkout_pay, {
                    amount: formatMoney(amountToPay(total + s.fee, s.orderPay.payments)),
                  })}
            </button>
          </p>
        </form>
      ) : null}
      {s.phase.kind === "challenge" ? (
        <ChallengeDialog
          url={s.phase.url}
          reference={s.phase.reference ?? s.reference}
          labels={l}
          onSettled={s.settleCheck}
          onCancel={s.cancelChallenge}
        />
      ) : null}
    </div>
  );
}
