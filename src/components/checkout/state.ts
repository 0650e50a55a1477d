import { useEffect, useRef, useState } from "react";
import {
  DEFAULT_FLOW,
  isTaxRegistrable,
  type CheckoutOrder,
  type FlowType,
  type RateConfig,
} from "@portal/domain";
import {
  markRecurringRedirect,
  markTransactionPassed,
  startTransaction,
} from "../../lib/transaction";
import type { Language } from "../../i18n/paths";
import { currentPageFlow } from "../../lib/page-flow";
import { lifecycleKeys, removeStored, writeFlag, writeStored } from "../../stores/session-storage";
import { fetchLiveRates } from "../calculator/rates";
import type { DialCodeRegions, DialCountry } from "../enrolment/dial-code";
import { checkCard, emptyCard, type CardEntry, type CardErrors } from "./CardFields";
import { NO_HOUSEHOLD, useHousehold } from "./HouseholdSection";
import { sandboxCardOf, useCardFee } from "./card-fee";
import { useSignedInDonor } from "./use-signed-in";
import {
  checkDonor,
  donorPayload,
  emptyDonor,
  type DonorEntry,
  type DonorErrors,
} from "./DonorFields";
import { cleanDonorText, useGuestEnrolment } from "./enrolled";
import { forgetDonor, keepDonor, keptDonor } from "./kept-donor";
import type { CheckoutLabels } from "./labels";
import * as source from "./order-source";
import { clearGivingEntries, hasGivingEntries, orderFromStores } from "./order-source";
import { currentOwner, type Owner } from "./owner";
import {
  confirmDonation,
  createDonation,
  getPaymentConfiguration,
  retrieveDonation,
  tokenizeSandboxCard,
  type Donation,
  type DonationRef,
} from "./payment-api";
import { failureText, ownRateNotice, problemText } from "./problems";
import { STORED, newKey, readCheckout, type StoredCheckout } from "./stored-checkout";
import { useStripeCard } from "./stripe-card";
import { orderParts, partlyPaid, unpaidOf } from "./household-order";
import { useOrderCheckout } from "./order-checkout";
import type { Frequency, Method, Phase } from "./choices";

// Checkout's state: the order the flow's page left in this tab, priced again with live rates; the
// donor's details; the way to pay; the donation and where the page stands (Checkout.tsx only shows
// it). One idempotency key per order and details: double clicks, retries and reloads pay once.

export function useCheckout(props: {
  readonly lang: Language;
  readonly labels: CheckoutLabels;
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly dialRegions: DialCodeRegions;
}) {
  const { lang, labels: l, dialCountries, dialRegions } = props;
  const [flow, setFlow] = useState<FlowType>(DEFAULT_FLOW);
  /** The donor's entries as this fund takes them: no IRAS inclusion where gifts are not deductible. */
  const forFund = (entry: DonorEntry): DonorEntry =>
    isTaxRegistrable(flow) ? entry : { ...entry, iras: false, taxId: "" };
  const [baseOrder, setOrder] = useState<CheckoutOrder | null>(null);
  const [ratesVersion, setRatesVersion] = useState<number | null>(null);
  const [rates, setRates] = useState<RateConfig | null>(null);
  const rateRange = rates && { min: rates.fitrahMinAmount, max: rates.fitrahMaxAmount };
  // Fitrah for named people (HouseholdSection): the order as they make it.
  const household = useHousehold();
  // In the zakat checkout their days of fidyah are an order of the fidyah fund (household-order.ts).
  const { main: order, fidyah: fidyahOrder } = household.apply(baseOrder, rates);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const orderPay = useOrderCheckout({ labels: l, setPhase, setProblem, setBusy });
  // An order part paid stays the order paid (its household form hidden) until all of it is paid.
  const paysOrder = fidyahOrder !== null || partlyPaid(orderPay.payments);
  // Kept in this tab, so going back to the giving page and returning keeps what was typed.
  const [donor, setDonorState] = useState<DonorEntry>(() => keptDonor() ?? emptyDonor);
  const setDonor = (next: DonorEntry | ((typed: DonorEntry) => DonorEntry)) =>
    setDonorState((typed) => {
      const value = cleanDonorText(typeof next === "function" ? next(typed) : next);
      keepDonor(value, donorOwner.current);
      return value;
    });
  // A guest's enrolment: its name fixed, its e-mail and mobile filled (enrolled.ts).
  const enrolled = useGuestEnrolment(setDonor, dialCountries, dialRegions);
  const [tried, setTried] = useState(false);
  const [card, setCard] = useState<CardEntry>(emptyCard);
  const [chosenMethod, setMethod] = useState<Method>("card");
  // Zakat and fidyah together (one time, no fee covered): by card, or PayNow with a code per fund.
  const method: Method = paysOrder && chosenMethod !== "paynow" ? "card" : chosenMethod;
  const [frequency, setFrequency] = useState<Frequency>("one time");
  // An instalment plan's first month keeps the card for the months after: no fee (one-time only).
  const fees = useCardFee(
    paysOrder ? null : order,
    source.instalmentOfPage()?.part === "first" ? "monthly" : frequency,
    method,
  );
  const [donation, setDonation] = useState<Donation | null>(null);
  // A signed-in donor: their details prefilled, their saved cards offered, keeping a new card offered.
  const { signedIn, setSignedIn, prefilled, cardChoice, setCardChoice, donorOwner } =
    useSignedInDonor({ setDonor: (next) => setDonor(next), dialCountries, dialRegions });
  const [saveCard, setSaveCard] = useState(false);
  const attempt = useRef<{ body: string; key: string; owner: string; ref?: DonationRef } | null>(
    null,
  );
  const [gateway, setGateway] = useState<{ kind: "sandbox" | "stripe"; key: string }>({
    kind: "sandbox",
    key: "",
  });

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
    // The page's flow, as the lifecycle and the sign-in see it: `?flow=`, or back from Stripe's 3-D
    // Secure page (no flow in the address) the one this tab keeps (src/lib/page-flow.ts).
    const chosen = currentPageFlow();
    setFlow(chosen);
    const controller = new AbortController();
    const configured = getPaymentConfiguration()
      .then((config) => {
        setGateway({ kind: config.gateway, key: config.publishableKey });
        fees.setCardFee(config.cardFee);
        return config.gateway;
      })
      .catch(() => "sandbox" as const); // The sandbox stays; paying will say what is wrong.
    void (async () => {
      // A household's order being paid (back from the bank's page, or loaded again): as it stands.
      const order = await orderPay.resume(chosen);
      if (order && unpaidOf(order.payments).length === 0) return;
      // An order is paid by its own parts: no single donation of this tab is resumed beside it.
      const resume = order ? undefined : readCheckout(chosen);
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
        setRates(live.rates);
        setOrder(orderFromStores(chosen, live.rates));
      } catch {
        setProblem(l.checkout_error_network);
      }
      // Stripe's bank page is not opened again by itself (the donor came back from it unfinished).
      if (order) return orderPay.takeUp(order, await configured);
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

  // The card paying: one of the signed-in donor's saved cards, or null for a new card's fields.
  const savedCard =
    method === "card" && signedIn !== null && cardChoice !== "new" ? cardChoice : null;
  const { stripeHost, stripeCard } = useStripeCard(
    gateway,
    gateway.kind === "stripe" && method === "card" && savedCard === null,
    phase.kind,
    () => setProblem(l.checkout_error_network),
  );

  const rateNotice = ownRateNotice(l, order, rateRange);

  /**
   * The donor gives up the bank's check: back to the form, nothing charged. The next payment makes a
   * new donation (the abandoned one waits on a check nobody can reach, and is never charged).
   */
  const cancelChallenge = () => {
    if (phase.kind === "challenge" && phase.reference) return orderPay.cancel();
    attempt.current = null;
    removeStored(STORED);
    setPhase({ kind: "form" });
    setProblem(l.polish_3ds_cancelled);
  };

  const opens = () => (gateway.kind === "stripe" ? "page" : "frame");
  /** The bank's check ended (the donation as it now stands): an order's rest is paid after it. */
  const settleCheck = (current: Donation) =>
    phase.kind === "challenge" && phase.reference
      ? orderPay.checked(current, opens())
      : settle(current);

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
    if (current.lastPaymentError) setProblem(failureText(l, current.lastPaymentError));
  }

  /**
   * The donation for this order, these details and this owner: the same one again while none changed
   * (a sign-in or sign-out since makes a new one, for the new owner).
   */
  const ensureDonation = async (owner: Owner): Promise<DonationRef> => {
    if (!order || ratesVersion === null) throw new Error("no order");
    const given = donorPayload(forFund(donor));
    const input = { order, ratesVersion, frequency, lang, donor: given, coverFeeCents: fees.fee };
    Object.assign(input, source.instalmentRequest(flow));
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
  const checksCard = method === "card" && savedCard === null && gateway.kind === "sandbox";
  /** A new card's payment-method id from the gateway (Stripe's field, or the sandbox's). */
  const newCardId = async () =>
    gateway.kind === "stripe"
      ? await stripeCard.current!.tokenize()
      : (await tokenizeSandboxCard(sandboxCardOf("card", card))).id;
  const pay = async () => {
    if (busy) return;
    setProblem(null);
    setTried(true);
    const dErrors = checkDonor(forFund(donor), l);
    const cErrors = checksCard ? checkCard(card, l, new Date()) : {};
    if (!household.ready()) return setProblem(l.household_checkout_fix);
    if (Object.keys(dErrors).length > 0 || Object.keys(cErrors).length > 0)
      return setProblem(l.checkout_fix_errors);
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
      // Keeping the card is the signed-in donor's choice (the server refuses it for anyone else).
      const keep = mine && method === "card" && saveCard;
      if (paysOrder && ratesVersion !== null) {
        const parts = orderParts({ main: order, fidyah: fidyahOrder });
        const input = { parts, ratesVersion, lang, donor: donorPayload(forFund(donor)) };
        startTransaction();
        if (method === "paynow") return await orderPay.payNow(input, owner);
        const card = async () => ({ id: savedCard ?? (await newCardId()), saveCard: keep });
        return await orderPay.pay(input, owner, card, opens());
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
      if (gateway.kind === "stripe") {
        if (!stripeCard.current) throw new Error("card field not ready");
        settle(await confirmDonation(ref, await stripeCard.current.tokenize(), { saveCard: keep }));
        return;
      }
      // Wallets have no device wallet here: the sandbox's test wallet pays with a test card.
      const tokenized = await tokenizeSandboxCard(sandboxCardOf(method, card));
      const confirmed = await confirmDonation(ref, tokenized.id, {
        ...(method === "google_pay" || method === "apple_pay" ? { wallet: method } : {}),
        saveCard: keep,
      });
      settle(confirmed);
    } catch (error) {
      setProblem(problemText(l, error, rateNotice));
    } finally {
      setBusy(false);
    }
  };

  // After a try to pay, each field says what is wrong as it is mended; the summary goes with the last.
  const donorErrors: DonorErrors = tried ? checkDonor(forFund(donor), l) : {};
  const cardErrors: CardErrors = tried && checksCard ? checkCard(card, l, new Date()) : {};
  const mended = Object.keys({ ...donorErrors, ...cardErrors }).length === 0;
  if (problem === l.checkout_fix_errors && mended) setProblem(null);

  return {
    flow,
    /** A payment of the donor's instalment plan this checkout makes, if any (docs/instalments.md). */
    instalment: source.instalmentOfFlow(flow),
    order,
    /** The household's days of fidyah, paid with the zakat in one press (household-order.ts). */
    fidyahOrder,
    paysOrder,
    orderPay,
    rates,
    household,
    phase,
    setPhase,
    problem,
    rateNotice,
    donor,
    setDonor,
    donorErrors,
    prefilled,
    enrolled,
    card,
    setCard,
    cardErrors,
    method,
    chooseMethod: setMethod,
    frequency,
    chooseFrequency: (f: Frequency) => {
      setFrequency(f);
      if (f !== "one time" && method === "paynow") setMethod("card");
    },
    savedCards: signedIn?.cards ?? null,
    savedHousehold: signedIn?.household ?? NO_HOUSEHOLD,
    cardChoice,
    setCardChoice,
    saveCard,
    setSaveCard,
    ...fees,
    gateway: gateway.kind,
    stripeHost,
    busy,
    pay,
    donation,
    reference: attempt.current?.ref,
    finish,
    settle,
    settleCheck,
    cancelChallenge,
  };
}
