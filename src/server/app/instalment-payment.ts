import { Effect } from "effect";
import type { Frequency } from "@portal/domain";
import type { Giver } from "./create-donation";
import { InstalmentRecords } from "./ports";
import { calling, refuse, type Refused } from "./refused";

/** Which payment of an instalment plan a checkout makes (docs/instalments.md). */
export interface InstalmentRef {
  readonly planId: string;
  readonly part: "first" | "settle";
}

/**
 * A checkout payment of an instalment plan, checked here against the plan as the server has it: only
 * its own signed-in donor pays it, as zakat harta alone, of exactly the amount the plan says (the
 * first month, or the settling difference). Answers the frequency the donation is kept with (monthly
 * for a first month of several, so its card is kept for the months after) and what its inputs carry.
 */
export const instalmentPayment = (
  ref: InstalmentRef,
  giver: Giver,
  priced: { readonly total: number; readonly amounts: Readonly<Record<string, unknown>> },
): Effect.Effect<
  { readonly frequency: Frequency; readonly input: Readonly<Record<string, unknown>> },
  Refused,
  InstalmentRecords
> =>
  Effect.gen(function* () {
    if (giver.kind !== "donor")
      return yield* refuse("instalment.notFound", "No such instalment plan.");
    const records = yield* InstalmentRecords;
    const terms = yield* calling(
      () => records.paymentFor(giver.donorId, ref.planId, ref.part),
      // The records' refusal (RecordRefused: a tag, a code and a message) becomes the use case's.
      (error) => {
        const refused = error as { _tag?: unknown; code?: unknown; message?: unknown };
        return refused._tag === "RecordRefused" && typeof refused.code === "string"
          ? refuse(refused.code, String(refused.message))
          : undefined;
      },
    );
    const kinds = Object.keys(priced.amounts);
    if (kinds.length !== 1 || kinds[0] !== "harta" || priced.total !== terms.amountCents) {
      return yield* refuse(
        "instalment.amount",
        "This payment differs from the plan's amount. Open the plan again from your account.",
      );
    }
    return { frequency: terms.monthly ? "monthly" : "one time", input: terms.input };
  });
