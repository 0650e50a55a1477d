import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { DonorYear } from "../year/reminders.ts";
import type { YearSpan } from "../year/ledger.ts";
import type { PortError } from "./port-error.ts";
import { testLayerFor } from "./test-layer.ts";

/**
 * What the reminder job reads of donors' years (issue 33): each wealth's dated balances and last
 * payment (the haul tracker's storage), their zakat harta payments through the portal, the fasts owed
 * (the missed-fasts log) and, given the Hijri year's span, what its ledger reads (the year's gifts
 * and latest assessment). A donor with nothing recorded is absent from the answer (the job treats
 * absent as an empty year).
 */
export interface ReminderSourcesShape {
  readonly yearsOf: (
    donorIds: ReadonlyArray<string>,
    today: string,
    span?: Pick<YearSpan, "start" | "end" | "hijriYear">,
  ) => Effect.Effect<ReadonlyMap<string, DonorYear>, PortError>;
}

/** The reminder sources port. */
export class ReminderSources extends Context.Service<ReminderSources, ReminderSourcesShape>()(
  "@portal/domain/ReminderSources",
) {}

/** Test reminder sources from supplied methods; missing methods die loudly. */
export const ReminderSourcesTest = (
  supplied: Partial<ReminderSourcesShape>,
): Layer.Layer<ReminderSources> =>
  testLayerFor(ReminderSources, "ReminderSources", ["yearsOf"], supplied);
