import { Effect } from "effect";
import {
  donationInputs,
  householdItemsOf,
  isTaxRegistrable,
  isPricingError,
  receiptAttributes,
  type Cents,
  type FlowType,
} from "@portal/domain";
import { Caller } from "./caller";
import { pricedGift, type GivenDonor } from "./create-donation";
import {
  DonationRecords,
  RateRecords,
  type HouseholdMemberRecords,
  type NewDonation,
} from "./ports";
import { calling, refuse, type Refused } from "./refused";

// Issue 33 (docs/households.md "One payment across funds"): a household's fitrah and harta (zakat)
// and its fidyah in one press of Pay. Zakat and fidyah are different funds, and every receipt, the
// finance roll-up and the IRAS file count one fund a receipt, so an order makes one ordinary donation
// per fund, as the counter's household PayNow start does, each priced here, each with its own
// receipt naming its people; all of them are kept in one transaction, once per idempotency key.

/** One fund's part of an order, as checkout sends it: its items and its total, priced again here. */
export interface OrderPart {
  /** A fund whose registry items a household's people pay (zakat: fitrah, harta; fidyah). */
  readonly flow: FlowType;
  readonly items: unknown;
  readonly totalCents: number;
}

/** The decoded request, kept whole with each donation: a replayed key must carry the same one. */
export interface OrderRequest {
  readonly parts: ReadonlyArray<OrderPart>;
  readonly ratesVersion: number;
  readonly lang?: "en" | "ms";
}

export interface CreateOrderInput {
  readonly idempotencyKey: string;
  readonly request: OrderRequest;
  readonly donor: GivenDonor | undefined;
}

/**
 * Create an order's donations: every part's fund distinct, its kept people named from the caller's
 * own list (`withKeptNames`: a stranger's person is `404 household.member.notFound`), every part
 * priced on the current rates with its own total checked (`priceDonation`), then all kept in one
 * transaction, each under `<key>:<fund>`. The identity number for IRAS goes on the zakat donation
 * only (fidyah is not deductible, design/facts.md). Nothing is written when any part is refused.
 */
export const createDonationOrder = ({
  idempotencyKey,
  request,
  donor,
}: CreateOrderInput): Effect.Effect<
  {
    readonly payments: ReadonlyArray<Record<string, unknown>>;
    readonly replayed: boolean;
  },
  Refused,
  DonationRecords | RateRecords | HouseholdMemberRecords | Caller
> =>
  Effect.gen(function* () {
    const flows = request.parts.map((part) => part.flow);
    // The funds a household's people pay (the registry's fitrah, fidyah and harta), each once.
    if (
      flows.length < 1 ||
      new Set(flows).size !== flows.length ||
      flows.some((flow) => householdItemsOf(flow).length === 0)
    ) {
      return yield* refuse(
        "donation.orderFunds",
        "An order pays each of the funds a household pays (zakat, fidyah) once.",
      );
    }
    const caller = yield* Caller;
    const giver = yield* Effect.promise(() => caller.giver(request.lang));
    const rates = yield* RateRecords;
    const config = yield* Effect.promise(() => rates.current());
    if (!config) return yield* Effect.die(new Error("no configuration for the main charity"));
    const made: NewDonation[] = [];
    for (const part of request.parts) {
      const { owner, gift, items, priced } = yield* pricedGift(
        giver,
        donor?.details,
        part,
        request.ratesVersion,
        config,
      );
      if (isPricingError(priced)) {
        return yield* refuse(priced.code, `${part.flow}: ${priced.message}`, { field: part.flow });
      }
      const inputs = donationInputs(items, config.rates) as object;
      // Only a deductible fund's donation carries it (zakat; fidyah is not, design/facts.md).
      const taxId = isTaxRegistrable(part.flow) ? donor?.taxId : undefined;
      made.push({
        idempotencyKey: `${idempotencyKey}:${part.flow}`,
        // The whole order and its owner: a key replayed by someone else, or with another order, is
        // a conflict for every part.
        request: { order: request, owner },
        flow: part.flow,
        amounts: priced.amounts as Record<string, Cents>,
        total: priced.total,
        inputs,
        receiptItems: receiptAttributes(inputs, priced.amounts, config.rates),
        donorDetails: donor?.details,
        ...(taxId === undefined ? {} : { taxId }),
        frequency: "one time",
        ratesVersion: config.version,
        ...(request.lang === undefined ? {} : { lang: request.lang }),
        ...owner,
        ...gift,
      });
    }
    const records = yield* DonationRecords;
    const kept = yield* calling(
      () => records.createOrder(made),
      // The records' IdempotencyConflict (ports.ts: their refusals carry a code), as the counter's.
      (error) =>
        error instanceof Error && (error as { code?: unknown }).code === "idempotency.conflict"
          ? refuse("idempotency.conflict", error.message)
          : undefined,
    );
    return {
      payments: kept.map((one) => ({
        ...one.donation,
        fund: one.donation.flow,
        clientSecret: one.clientSecret,
      })),
      replayed: kept.every((one) => one.replayed),
    };
  });
