import { fundHomeKey, lineLabelKey } from "../../i18n/funds";
import { useEffect, useRef, useState } from "react";
import {
  fitrahRateOutOfRange,
  brandOf,
  formatMoney,
  fundOf,
  homePath,
  isTaxRegistrable,
  receiptHref,
  receiptPath,
  type Cents,
  type CheckoutOrder,
  type FlowType,
} from "@portal/domain";
import {
  markRecurringRedirect,
  markTransactionPassed,
  startTransaction,
} from "../../lib/transaction";
import { fill, labelKeyOf } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { currentPageFlow } from "../../lib/page-flow";
import {
  lifecycleKeys,
  readStored,
  removeStored,
  writeFlag,
  writeStored,
} from "../../stores/session-storage";
import { fetchLiveRates } from "../calculator/rates";
import { CardFields, checkCard, emptyCard, type CardEntry, type CardErrors } from "./CardFields";
import {
  checkDonor,
  DonorFields,
  donorPayload,
  emptyDonor,
  type DonorEntry,
  type DonorErrors,
} from "./DonorFields";
import type { DialCodeRegions, DialCountry } from "../enrolment/dial-code";
import { sessionBridge } from "../auth/bridge";
import type { CheckoutLabels } from "./labels";
import {
  clearGivingEntries,
  givingPathOf,
  hasGivingEntries,
  orderFromStores,
} from "./order-source";
import { currentOwner, ownerOf, type Owner } from "./owner";
import {
  confirmDonation,
  createDonation,
  getPaymentConfiguration,
  PaymentApiError,
  retrieveDonation,
  tokenizeSandboxCard,
  type Donation,
  type DonationRef,
} from "./payment-api";
import { forgetDonor, keepDonor, keptDonor, keptOwner } from "./kept-donor";
import { PayNowPanel } from "./PayNowPanel";
import { cardBrandName } from "../giving/payment-names";
import type { SavedCard } from "./prefill";
import { mountStripeCard } from "./stripe-card";

export interface CheckoutProps {
  readonly lang: Language;
  readonly labels: CheckoutLabels;
  readonly productRoute: string;
  /** The mobile number's dial-code list, in the page's language, and the main country of each shared code. */
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly dialRegions: DialCodeRegions;
}

type Method = "card" | "paynow" | "google_pay" | "apple_pay";
const frequencies = ["one time", "daily", "weekly", "monthly", "quarterly", "annually"] as const;
type Frequency = (typeof frequencies)[number];

/**
 * The donation this tab is paying, kept across a reload or the bank's page (no personal data: the
 * owner is "guest" or the sign-in's opaque subject id, which Amplify keeps in this tab too).
 */
const STORED = "portal.checkout";
interface StoredCheckout extends DonationRef {
  readonly flow: FlowType;
  readonly owner: string;
  /** Paid: kept so that a reload or coming back shows the thank-you page and its receipt link again. */
  readonly done?: boolean;
}

const readCheckout = (flow: FlowType): StoredCheckout | undefined => {
  const stored = readStored(STORED) as Partial<StoredCheckout> | undefined;
  return stored?.flow === flow &&
    typeof stored.donationId === "string" &&
    typeof stored.clientSecret === "string"
    ? { ...(stored as StoredCheckout), owner: stored.owner ?? "guest" }
    : undefined;
};

/** The signed-in donor checkout knows (signed-in.ts): whose it is, and the saved cards they can pay with. */
interface SignedIn {
  readonly owner: string;
  readonly cards: ReadonlyArray<SavedCard>;
}

const newKey = (): string =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, "0"),
      ).join("");

type Phase =
  | { readonly kind: "loading" }
  | { readonly kind: "form" }
  | { readonly kind: "challenge"; readonly url: string }
  | { readonly kind: "paynow" }
  | { readonly kind: "done"; readonly donation: Donation };

/**
 * Checkout: the order the flow's page left in this tab, priced again with the live rates; the donor's
 * details; card (sandbox or Stripe), wallet or PayNow. Card details go to the gateway only. One
 * idempotency key per order and details, so double clicks, retries and reloads pay once.
 */
export default function Checkout({
  lang,
  labels: l,
  productRoute,
  dialCountries,
  dialRegions,
}: CheckoutProps) {
  const [flow, setFlow] = useState<FlowType>("ZAKAT");
  /** The donor's entries as this fund takes them: no IRAS inclusion where gifts are not deductible. */
  const forFund = (entry: DonorEntry): DonorEntry =>
    isTaxRegistrable(flow) ? entry : { ...entry, iras: false, taxId: "" };
  const [order, setOrder] = useState<CheckoutOrder | null>(null);
  const [ratesVersion, setRatesVersion] = useState<number | null>(null);
  const [rateRange, setRateRange] = useState<{ min: Cents; max: Cents } | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  // Kept in this tab, so going back to the giving page and returning keeps what was typed.
  const [donor, setDonorState] = useState<DonorEntry>(() => keptDonor() ?? emptyDonor);
  // Whose details these are: "guest" until the tab's sign-in is known.
  const donorOwner = useRef("guest");
  const setDonor = (next: DonorEntry | ((typed: DonorEntry) => DonorEntry)) =>
    setDonorState((typed) => {
      const value = typeof next === "function" ? next(typed) : next;
      keepDonor(value, donorOwner.current);
      return value;
    });
  const [tried, setTried] = useState(false);
  const [card, setCard] = useState<CardEntry>(emptyCard);
  const [method, setMethod] = useState<Method>("card");
  const [frequency, setFrequency] = useState<Frequency>("one time");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [donation, setDonation] = useState<Donation | null>(null);
  // A signed-in donor: their details prefilled, their saved cards offered, keeping a new card offered.
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  const [prefilled, setPrefilled] = useState(false);
  /** A saved card's id, or "new". */
  const [cardChoice, setCardChoice] = useState("new");
  const [saveCard, setSaveCard] = useState(false);
  const attempt = useRef<{
    body: string;
    key: string;
    owner: string;
    ref?: DonationRef;
  } | null>(null);
  const [gateway, setGateway] = useState<{ kind: "sandbox" | "stripe"; key: string }>({
    kind: "sandbox",
    key: "",
  });
  const stripeHost = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<Awaited<ReturnType<typeof mountStripeCard>> | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const finish = (paid: Donation) => {
    markTransactionPassed();
    const ref = attempt.current?.ref ?? readCheckout(paid.flow);
    if (ref) {
      writeStored(STORED, {
        donationId: ref.donationId,
        clientSecret: ref.clientSecret,
        flow: paid.flow,
        owner: attempt.current?.owner ?? "guest",
        done: true,
      } satisfies StoredCheckout);
    }
    forgetDonor();
    clearGivingEntries();
    attempt.current = null;
    setPhase({ kind: "done", donation: paid });
  };

  useEffect(() => {
    // A donor signed in in this tab (the same test as the header's, so a guest never waits): the
    // account's details fill the fields still empty, and its saved cards are offered.
    let live = true;
    void (async () => {
      const bridge = await sessionBridge();
      if (!bridge) return;
      const [{ signedInDonor, prefillDonor }, owner] = await Promise.all([
        import("./signed-in"),
        bridge.authorization().then(ownerOf),
      ]);
      const found = owner.key === "guest" ? null : await signedInDonor(bridge, new Date());
      if (!live || !found) return;
      setSignedIn({ owner: owner.key, cards: found.cards });
      setCardChoice(found.cards[0]?.id ?? "new");
      // Details kept from before this sign-in (a guest's) give way to the account's.
      const theirs = keptOwner() === owner.key;
      donorOwner.current = owner.key;
      setDonor((typed) =>
        prefillDonor(theirs ? typed : emptyDonor, found.details, dialCountries, dialRegions),
      );
      setPrefilled(true);
    })().catch(() => {
      // Without the account the donor types their details; paying says what failed, if anything.
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // The page's flow, as the lifecycle and the sign-in see it: `?flow=`, or back from Stripe's 3-D
    // Secure page (no flow in the address) the one this tab keeps (src/lib/page-flow.ts).
    const chosen = currentPageFlow();
    setFlow(chosen);
    const controller = new AbortController();
    const resume = readCheckout(chosen);
    void getPaymentConfiguration()
      .then((config) => setGateway({ kind: config.gateway, key: config.publishableKey }))
      .catch(() => {
        // The sandbox stays; paying will say what is wrong.
      });
    void (async () => {
      if (resume?.done && hasGivingEntries()) {
        // Paid earlier, and a new gift entered since: this checkout is for the new one.
        removeStored(STORED);
      } else if (resume) {
        // Back from the bank, or reloaded mid-payment: the donation as it now stands.
        try {
          const current = await retrieveDonation(resume);
          const owner = await currentOwner();
          if (current.status === "succeeded" || current.payNow || resume.owner === owner.key) {
            setDonation(current);
            attempt.current = { body: "", key: "", owner: resume.owner, ref: resume };
            if (current.status === "succeeded") return finish(current);
            // A QR shown may already be paid: it stays whoever is signed in now.
            if (current.payNow) return setPhase({ kind: "paynow" });
          } else {
            // Signed in or out since it was made: the next payment makes a donation for the new owner.
            removeStored(STORED);
          }
        } catch {
          removeStored(STORED);
        }
      }
      try {
        const live = await fetchLiveRates(controller.signal);
        if (!live) throw new Error("no rates");
        setRatesVersion(live.version);
        setRateRange({ min: live.rates.fitrahMinAmount, max: live.rates.fitrahMaxAmount });
        setOrder(orderFromStores(chosen, live.rates));
      } catch {
        setProblem(l.checkout_error_network);
      }
      setPhase({ kind: "form" });
    })();
    return () => controller.abort();
  }, []);

  // §4 "after login": a donor who signs in with a name and an e-mail typed here stays (the page
  // reloads). Only the flag is kept; the lifecycle clears it on every other page.
  const detailsFilled =
    phase.kind === "form" && donor.name.trim() !== "" && donor.email.trim() !== "";
  useEffect(() => {
    const mark = () => writeFlag(lifecycleKeys.donorDetailsFilled, detailsFilled);
    mark();
    // Back to this page from the history (the page kept in memory) after another page cleared it.
    window.addEventListener("pageshow", mark);
    return () => window.removeEventListener("pageshow", mark);
  }, [detailsFilled]);

  useEffect(() => {
    if (problem !== null) problemRef.current?.focus();
  }, [problem]);
  // The card paying: one of the signed-in donor's saved cards, or null for a new card's fields.
  const savedCard =
    method === "card" && signedIn !== null && cardChoice !== "new" ? cardChoice : null;
  useEffect(() => {
    const host = stripeHost.current;
    if (gateway.kind !== "stripe" || method !== "card" || savedCard !== null || !host) return;
    let mounted: Awaited<ReturnType<typeof mountStripeCard>> | null = null;
    mountStripeCard(gateway.key, host)
      .then((card) => {
        mounted = card;
        stripeCard.current = card;
      })
      .catch(() => setProblem(l.checkout_error_network));
    return () => {
      mounted?.destroy();
      stripeCard.current = null;
    };
  }, [gateway, method, savedCard, phase.kind]);
  useEffect(() => {
    if (phase.kind === "done") headingRef.current?.focus();
  }, [phase.kind]);

  // While the bank's challenge shows, its page tells us when it is done; polling covers a lost message.
  useEffect(() => {
    if (phase.kind !== "challenge") return;
    const ref = attempt.current?.ref;
    if (!ref) return;
    let stopped = false;
    const check = async () => {
      const current = await retrieveDonation(ref).catch(() => null);
      if (stopped || !current || current.status === "requires_action") return;
      stopped = true;
      settle(current);
    };
    const onMessage = (event: MessageEvent) => {
      if (
        event.origin === location.origin &&
        (event.data as { type?: string })?.type === "portal-3ds-complete"
      ) {
        void check();
      }
    };
    window.addEventListener("message", onMessage);
    const timer = window.setInterval(() => void check(), 3000);
    return () => {
      stopped = true;
      window.removeEventListener("message", onMessage);
      window.clearInterval(timer);
    };
  }, [phase]);

  // The donor's own fitrah rate outside the configured range: what to change, and where.
  const variable = order?.items.fitrah?.variable;
  const ownRateNotice =
    variable &&
    rateRange &&
    fitrahRateOutOfRange(variable, {
      fitrahMinAmount: rateRange.min,
      fitrahMaxAmount: rateRange.max,
    })
      ? fill(l.polish_checkout_fitrah_rate, {
          rate: formatMoney(variable.rate),
          min: formatMoney(rateRange.min),
          max: formatMoney(rateRange.max),
        })
      : null;

  /**
   * The donor gives up the bank's check: back to the form, nothing charged. The next payment makes a
   * new donation (the abandoned one waits on a check nobody can reach, and is never charged).
   */
  const cancelChallenge = () => {
    attempt.current = null;
    removeStored(STORED);
    setPhase({ kind: "form" });
    setProblem(l.polish_3ds_cancelled);
  };

  const failureText = (code: string | null | undefined): string =>
    code === "card_declined"
      ? l.checkout_error_declined
      : code === "insufficient_funds"
        ? l.checkout_error_insufficient
        : code === "authentication_failed"
          ? l.checkout_error_authentication
          : fill(l.checkout_error_generic, { message: code ?? "" });

  /** What the payment's answer means for the page. */
  function settle(current: Donation) {
    setDonation(current);
    if (current.status === "succeeded") return finish(current);
    if (current.status === "requires_action" && current.nextAction?.kind === "redirect") {
      // Stripe's bank page is a full redirect that returns to /checkout?return=3ds; the sandbox's is framed.
      if (gateway.kind === "stripe") {
        // A recurring gift's bank redirect may outlast the session: it is extended once (spec §4).
        if (current.frequency !== "one time") markRecurringRedirect();
        return location.assign(current.nextAction.payload);
      }
      return setPhase({ kind: "challenge", url: current.nextAction.payload });
    }
    setPhase({ kind: "form" });
    if (current.lastPaymentError) setProblem(failureText(current.lastPaymentError));
  }

  const explain = (error: unknown) => {
    if (error instanceof PaymentApiError) {
      if (error.code === "donation.ratesSuperseded") return setProblem(l.checkout_error_rates);
      if (error.code === "donation.totalMismatch") return setProblem(l.checkout_error_total);
      if (error.code === "donation.fitrahRate" && ownRateNotice) return setProblem(ownRateNotice);
      const key = (error.code === undefined ? undefined : labelKeyOf(error.code)) as
        keyof CheckoutLabels | undefined;
      if (key && key in l) return setProblem(l[key]);
      if (error.code === "invalid_number") return setProblem(l.validation_card_invalid);
      if (error.code === "invalid_expiry") return setProblem(l.checkout_card_error_expiry);
      if (error.code === "invalid_cvc") return setProblem(l.checkout_card_error_cvc);
      // The server's sentence brings its own full stop; the template adds one.
      return setProblem(
        fill(l.checkout_error_generic, { message: error.message.replace(/\.+$/, "") }),
      );
    }
    setProblem(l.checkout_error_network);
  };

  /**
   * The donation for this order, these details and this owner: the same one again while none changed
   * (a sign-in or sign-out since makes a new one, for the new owner).
   */
  const ensureDonation = async (owner: Owner): Promise<DonationRef> => {
    if (!order || ratesVersion === null) throw new Error("no order");
    const input = { order, ratesVersion, frequency, lang, donor: donorPayload(forFund(donor)) };
    const body = JSON.stringify(input);
    const previous = attempt.current;
    if (
      previous?.ref &&
      previous.owner === owner.key &&
      (previous.body === body || previous.body === "")
    )
      return previous.ref;
    const key = previous?.body === body && previous.owner === owner.key ? previous.key : newKey();
    attempt.current = { body, key, owner: owner.key };
    const created = await createDonation(input, key, owner);
    const ref = { donationId: created.id, clientSecret: created.clientSecret };
    attempt.current = { body, key, owner: owner.key, ref };
    writeStored(STORED, { ...ref, flow, owner: owner.key } satisfies StoredCheckout);
    // The lifecycle expires a transaction left for more than 30 minutes (spec §4).
    startTransaction();
    setDonation(created);
    return ref;
  };

  const pay = async () => {
    if (busy) return;
    setProblem(null);
    setTried(true);
    const dErrors = checkDonor(forFund(donor), l);
    const cErrors =
      method === "card" && savedCard === null && gateway.kind === "sandbox"
        ? checkCard(card, l, new Date())
        : {};
    if (Object.keys(dErrors).length > 0 || Object.keys(cErrors).length > 0) {
      setProblem(l.checkout_fix_errors);
      return;
    }
    setBusy(true);
    try {
      // Who pays now: a sign-in or sign-out on this page since it loaded counts from here.
      const owner = await currentOwner();
      const mine = signedIn !== null && signedIn.owner === owner.key;
      if (signedIn !== null && !mine) {
        // The saved cards and keeping a card were the earlier sign-in's.
        setSignedIn(null);
        if (savedCard !== null) {
          setCardChoice("new");
          setProblem(l.checkout_card_again);
          return;
        }
      }
      const ref = await ensureDonation(owner);
      if (method === "paynow") {
        setPhase({ kind: "paynow" });
        return;
      }
      if (savedCard !== null) {
        settle(await confirmDonation(ref, savedCard));
        return;
      }
      // Keeping the card is the signed-in donor's choice (the server refuses it for anyone else).
      const keep = mine && method === "card" && saveCard;
      if (gateway.kind === "stripe") {
        if (!stripeCard.current) throw new Error("card field not ready");
        settle(await confirmDonation(ref, await stripeCard.current.tokenize(), { saveCard: keep }));
        return;
      }
      // Wallets have no device wallet here: the sandbox's test wallet pays with a test card.
      const tokenized = await tokenizeSandboxCard(
        method === "card"
          ? {
              number: card.number,
              expMonth: Number(card.month),
              expYear: Number(card.year),
              cvc: card.cvc,
            }
          : {
              number: "4242424242424242",
              expMonth: 12,
              expYear: new Date().getFullYear() + 1,
              cvc: "123",
            },
      );
      const confirmed = await confirmDonation(ref, tokenized.id, {
        ...(method === "google_pay" || method === "apple_pay" ? { wallet: method } : {}),
        saveCard: keep,
      });
      settle(confirmed);
    } catch (error) {
      explain(error);
    } finally {
      setBusy(false);
    }
  };

  // Once the donor tried to pay, each field says what is wrong with it as it is corrected.
  const donorErrors: DonorErrors = tried ? checkDonor(forFund(donor), l) : {};
  const cardErrors: CardErrors =
    tried && method === "card" && savedCard === null && gateway.kind === "sandbox"
      ? checkCard(card, l, new Date())
      : {};
  const back = localizedPath(givingPathOf(flow, productRoute), lang);
  const zakatLike = brandOf(flow) === "zakat";
  const recurringAllowed = fundOf(flow).recurring;

  if (phase.kind === "done") {
    const paid = phase.donation;
    return (
      <section
        className="checkout-done calc-card"
        aria-labelledby="checkout-done-title"
        data-testid="checkout-done"
      >
        <h2 id="checkout-done-title" ref={headingRef} tabIndex={-1}>
          {l.checkout_done_title}
        </h2>
        <dl className="checkout-facts">
          <div>
            <dt>{l.checkout_done_receipt_no}</dt>
            <dd data-testid="receipt-no">{paid.receipt?.receiptNo}</dd>
          </div>
          <div>
            <dt>{l.checkout_done_transaction_no}</dt>
            <dd data-testid="transaction-no">{paid.transactionNo}</dd>
          </div>
          <div>
            <dt>{l.checkout_total}</dt>
            <dd>{formatMoney(paid.totalCents as Cents)}</dd>
          </div>
        </dl>
        <p>
          {paid.card
            ? fill(l.checkout_done_card, {
                brand: cardBrandName(paid.card.brand),
                last4: paid.card.last4,
              })
            : l.checkout_done_paynow}
        </p>
        {paid.frequency !== "one time" ? (
          <p data-testid="recurring-manage">
            {l[`checkout_done_recurring_${paid.frequency}` as keyof CheckoutLabels]}
          </p>
        ) : null}
        <p>{l.checkout_done_email}</p>
        <p className="checkout-actions">
          {paid.receipt ? (
            <a
              className="button"
              href={localizedPath(
                receiptHref(
                  receiptPath(paid.flow, paid.amounts, productRoute),
                  paid.transactionNo,
                  paid.receipt.token,
                ),
                lang,
              )}
              data-testid="receipt-link"
            >
              {l.checkout_done_receipt}
            </a>
          ) : null}
          <a
            className="button button-secondary"
            href={localizedPath(homePath(paid.flow, productRoute), lang)}
            data-testid="done-home"
          >
            {l[fundHomeKey(paid.flow)]}
          </a>
        </p>
      </section>
    );
  }

  if (phase.kind === "paynow" && attempt.current?.ref && donation) {
    return (
      <PayNowPanel
        reference={attempt.current.ref}
        transactionNo={donation.transactionNo}
        amount={donation.totalCents as Cents}
        labels={l}
        onPaid={finish}
        onBack={() => setPhase({ kind: "form" })}
      />
    );
  }

  const total = order?.total ?? (0 as Cents);
  return (
    <div className="checkout">
      <div
        ref={problemRef}
        tabIndex={-1}
        role="alert"
        className={problem ? "checkout-problem" : undefined}
        data-testid="checkout-problem"
      >
        {problem}
      </div>
      <section className="calc-card checkout-summary" aria-labelledby="checkout-summary">
        <h2 id="checkout-summary">{l.checkout_summary}</h2>
        {phase.kind === "loading" ? null : order && order.total > 0 ? (
          <dl>
            {order.lines.map((line) => (
              <div key={line.kind}>
                <dt>{l[lineLabelKey(line.kind)]}</dt>
                <dd>{formatMoney(line.amount)}</dd>
              </div>
            ))}
            <div className="checkout-total">
              <dt>{l.checkout_total}</dt>
              <dd data-testid="checkout-total">{formatMoney(total)}</dd>
            </div>
          </dl>
        ) : (
          <p>
            {l.checkout_empty} <a href={back}>{l.checkout_back}</a>
          </p>
        )}
        {ownRateNotice && order && order.total > 0 ? (
          <p className="checkout-notice" data-testid="fitrah-rate-notice">
            {ownRateNotice} <a href={back}>{l.polish_checkout_fitrah_change}</a>
          </p>
        ) : null}
      </section>
      {order && order.total > 0 ? (
        <form
          className="checkout-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <fieldset className="calc-card">
            <legend>
              <h2>{l.checkout_details}</h2>
            </legend>
            {prefilled ? (
              <p className="field-hint checkout-prefilled" data-testid="donor-prefilled">
                {l.checkout_prefilled}
              </p>
            ) : null}
            <DonorFields
              donor={donor}
              errors={donorErrors}
              labels={l}
              zakatLike={zakatLike}
              taxIncluded={isTaxRegistrable(flow)}
              dialCountries={dialCountries}
              onChange={setDonor}
            />
          </fieldset>
          {recurringAllowed ? (
            <fieldset className="calc-card">
              <legend>
                <h2>{l.checkout_frequency}</h2>
              </legend>
              <p className="field-hint">{l.checkout_recurring_card}</p>
              <div className="choice">
                {frequencies.map((f) => (
                  <label key={f} className="choice-option">
                    <input
                      type="radio"
                      name="frequency"
                      value={f}
                      checked={frequency === f}
                      data-testid={`frequency-${f.replace(" ", "-")}`}
                      onChange={() => {
                        setFrequency(f);
                        if (f !== "one time" && method === "paynow") setMethod("card");
                      }}
                    />
                    <span>
                      {l[`checkout_frequency_${f.replace(" ", "_")}` as keyof CheckoutLabels]}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <fieldset className="calc-card">
            <legend>
              <h2>{l.checkout_method}</h2>
            </legend>
            <div className="choice checkout-methods">
              {(["card", "paynow", "google_pay", "apple_pay"] as const).map((m) => (
                <label key={m} className="choice-option">
                  <input
                    type="radio"
                    name="method"
                    value={m}
                    checked={method === m}
                    disabled={m === "paynow" && frequency !== "one time"}
                    data-testid={`method-${m}`}
                    onChange={() => setMethod(m)}
                  />
                  <span>{l[`checkout_method_${m}`]}</span>
                </label>
              ))}
            </div>
            {method === "card" && signedIn !== null && signedIn.cards.length > 0 ? (
              <fieldset className="choice checkout-saved-cards">
                <legend>{l.checkout_card_choice}</legend>
                {signedIn.cards.map((saved) => (
                  <label key={saved.id} className="choice-option">
                    <input
                      type="radio"
                      name="card-choice"
                      value={saved.id}
                      checked={cardChoice === saved.id}
                      data-testid={`saved-card-${saved.last4}`}
                      onChange={() => setCardChoice(saved.id)}
                    />
                    <span>
                      {fill(l.checkout_saved_card, {
                        brand: cardBrandName(saved.brand),
                        last4: saved.last4,
                        date: `${String(saved.expMonth).padStart(2, "0")}/${saved.expYear}`,
                      })}
                    </span>
                  </label>
                ))}
                <label className="choice-option">
                  <input
                    type="radio"
                    name="card-choice"
                    value="new"
                    checked={cardChoice === "new"}
                    data-testid="saved-card-new"
                    onChange={() => setCardChoice("new")}
                  />
                  <span>{l.checkout_new_card}</span>
                </label>
              </fieldset>
            ) : null}
            {savedCard !== null ? null : method === "card" && gateway.kind === "stripe" ? (
              <div ref={stripeHost} className="stripe-card" data-testid="stripe-card" />
            ) : method === "card" ? (
              <CardFields
                card={card}
                errors={cardErrors}
                labels={l}
                thisYear={new Date().getFullYear()}
                onChange={setCard}
              />
            ) : method === "paynow" ? null : (
              <p className="field-hint">{l.checkout_wallet_sandbox}</p>
            )}
            {method === "card" && savedCard === null && signedIn !== null ? (
              <div className="checkout-save-card">
                <label className="choice-option">
                  <input
                    type="checkbox"
                    checked={saveCard}
                    data-testid="save-card"
                    aria-describedby={frequency === "one time" ? undefined : "save-card-hint"}
                    onChange={(event) => setSaveCard(event.currentTarget.checked)}
                  />
                  <span>{l.checkout_save_card}</span>
                </label>
                {frequency === "one time" ? null : (
                  <p className="field-hint checkout-check-hint" id="save-card-hint">
                    {l.checkout_save_card_recurring}
                  </p>
                )}
              </div>
            ) : null}
          </fieldset>
          <p className="checkout-actions">
            <button
              type="submit"
              className="button"
              disabled={busy}
              aria-busy={busy}
              data-testid="checkout-pay"
            >
              {busy ? l.checkout_paying : fill(l.checkout_pay, { amount: formatMoney(total) })}
            </button>
          </p>
        </form>
      ) : null}
      {phase.kind === "challenge" ? (
        <div
          className="checkout-challenge"
          role="dialog"
          aria-modal="true"
          aria-labelledby="checkout-3ds-title"
          onKeyDown={(event) => {
            if (event.key === "Escape") cancelChallenge();
          }}
        >
          <div className="checkout-challenge-box">
            <h2 id="checkout-3ds-title">{l.checkout_3ds_title}</h2>
            <p>{l.checkout_3ds_hint}</p>
            <iframe
              id="challengeFrame"
              title={l.checkout_3ds_title}
              src={phase.url}
              data-testid="challenge-frame"
              data-payment-frame=""
            />
            <button
              type="button"
              className="button button-secondary"
              autoFocus
              onClick={cancelChallenge}
              data-testid="challenge-cancel"
            >
              {l.polish_3ds_cancel}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
