import { Schema } from "effect";

// The saved zakat assessments' answers (issue 33, docs/assessments.md), in cents.

const Str = Schema.String;
const Int = Schema.Int;
const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Str, ...fields });

/** The figures of an assessment: zakat per asset class and in all (issue 33). */
const AssessmentLines = Schema.Struct({
  savings: Int,
  goldKept: Int,
  goldWorn: Int,
  insurance: Int,
  shares: Int,
  cpf: Int,
  business: Int,
});
const IsoDay = Str.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));

/** A saved assessment in a list: when, the Hijri year, the zakat due. */
export const AssessmentSummary = Schema.Struct({
  id: Str,
  assessedOn: IsoDay,
  hijriYear: Int,
  total: Int,
  lines: AssessmentLines,
});

/** A saved assessment whole: what was entered, the rates of its day and its figures. */
export const SavedAssessmentWire = Schema.Struct({
  id: Str,
  assessedOn: IsoDay,
  hijriYear: Int,
  total: Int,
  lines: AssessmentLines,
  inputs: Schema.Struct({
    savings: Schema.Array(Schema.Struct({ amount: Int, interest: Int })),
    goldKeptGrams: Schema.Number,
    goldWornGrams: Schema.Number,
    insurance: Schema.Array(Schema.Struct({ type: Schema.Literals([1, 2]), amount: Int })),
    shares: Schema.Array(Int),
    cpfOrdinary: Int,
    business: Schema.Struct({
      currentAssets: Int,
      assetsToAdd: Int,
      assetsToRemove: Int,
      currentLiabilities: Int,
      liabilitiesToAdd: Int,
      ownershipSharePercent: Schema.Number,
    }),
  }),
  rates: Schema.Struct({
    nisabValue: Int,
    goldRate: Schema.Number,
    goldDivisor: Schema.Number,
    zakatRate: Schema.Number,
    goldKeptThresholdGrams: Schema.Number,
    goldWornThresholdGrams: Schema.Number,
  }),
});

/** The calls' answers, merged into `responses`. */
export const assessmentResponses = {
  listAssessments: ok({ data: Schema.Array(AssessmentSummary) }),
  saveAssessment: ok({ data: SavedAssessmentWire }),
  getAssessment: ok({ data: SavedAssessmentWire }),
  deleteAssessment: ok({ data: Schema.Struct({ id: Str }) }),
};
