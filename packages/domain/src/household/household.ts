import type { RateConfig } from "../config.ts";

// One payer paying for a household (issue 32 at the counter and the kiosk, issue 33 online): each
// person named, with fitrah at the normal or higher rate or at an own rate, days of fidyah, and zakat
// harta. A household payment becomes one payment line list per item (fitrah, fidyah, harta), each
// receipted in its own fund, every person named on the receipt. The same rules run in the household
// form (src/components/ui/household/), on the device, and on the server, which prices the lines again.

/** The most people one household payment names (a large family, or a mosque's own list). */
export const HOUSEHOLD_MAX_MEMBERS = 20;
/** The most days of fidyah one person pays for in one payment (a Ramadan and then some). */
export const HOUSEHOLD_MAX_FIDYAH_DAYS = 60;
/** A person's name as the receipt prints it (2 to 66 characters). */
export const HOUSEHOLD_NAME_MAX = 66;

export type FitrahRateKind = "normal" | "premium" | "own";
export const FITRAH_KINDS: ReadonlyArray<FitrahRateKind> = ["normal", "premium", "own"];

/** The items a household pays: the counter funds a person can be named for. */
export type HouseholdItem = "fitrah" | "fidyah" | "harta";
export const HOUSEHOLD_ITEMS: ReadonlyArray<HouseholdItem> = ["fitrah", "fidyah", "harta"];

/** One person as the household form holds them: what they pay for (cents are whole cents). */
export interface HouseholdMember {
  readonly name: string;
  /**
   * A person the signed-in donor keeps in their account (docs/households.md): sent by this id, and
   * named by the server from the donor's own list (another donor's id is "not found").
   */
  readonly memberId?: string | undefined;
  /** Fitrah for this person, and at which rate; none: no fitrah. */
  readonly fitrah?: FitrahRateKind | undefined;
  /** The own rate a person, in cents (`fitrah: "own"`), from the minimum to the maximum rate. */
  readonly ownRateCents?: number | undefined;
  /** Days of fidyah for this person; 0 or none: no fidyah. */
  readonly fidyahDays?: number | undefined;
  /** Zakat harta for this person, in cents; 0 or none: none. */
  readonly hartaCents?: number | undefined;
}

/** One person's line of one item: the name, what was chosen, and its amount in cents. */
export interface HouseholdLine {
  readonly name: string;
  /** Fitrah's rate kind. */
  readonly kind?: FitrahRateKind | undefined;
  /** Fidyah's days. */
  readonly days?: number | undefined;
  readonly cents: number;
}

export type HouseholdRates = Pick<
  RateConfig,
  "fitrahNormalRate" | "fitrahPremiumRate" | "fitrahMinAmount" | "fitrahMaxAmount" | "fidyahPerDay"
>;

/** Why a household cannot be paid, field by field (the form's messages key on these). */
export type HouseholdProblem =
  | "household.empty"
  | "household.tooMany"
  | "household.name"
  | "household.nothing"
  | "household.ownRate"
  | "household.days"
  | "household.harta";

export interface HouseholdProblemAt {
  readonly problem: HouseholdProblem;
  /** The person's place in the list (0 first); none for the list as a whole. */
  readonly member?: number | undefined;
}

const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .,'@/()-]*$/u;
const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** A person's name as it prints: spaces tidied, 2 to 66 letters and the usual marks. */
export const householdNameOk = (name: string): boolean => {
  const tidy = clean(name);
  return tidy.length >= 2 && tidy.length <= HOUSEHOLD_NAME_MAX && NAME.test(tidy);
};

const whole = (n: unknown, min: number, max: number): n is number =>
  typeof n === "number" && Number.isSafeInteger(n) && n >= min && n <= max;

/** The amount one person's fitrah costs at `kind` (own: their rate), in cents. */
export const fitrahCents = (
  kind: FitrahRateKind,
  ownRateCents: number | undefined,
  rates: HouseholdRates,
): number =>
  kind === "normal"
    ? rates.fitrahNormalRate
    : kind === "premium"
      ? rates.fitrahPremiumRate
      : (ownRateCents ?? 0);

/**
 * Every problem of a household as the form holds it, in the order shown (the list's first, then each
 * person's): at least one person and at most HOUSEHOLD_MAX_MEMBERS, each named and paying something,
 * an own fitrah rate within the published range, whole days of fidyah, whole cents of harta.
 */
export const householdProblems = (
  members: ReadonlyArray<HouseholdMember>,
  rates: HouseholdRates,
): ReadonlyArray<HouseholdProblemAt> => {
  if (members.length === 0) return [{ problem: "household.empty" }];
  if (members.length > HOUSEHOLD_MAX_MEMBERS) return [{ problem: "household.tooMany" }];
  const problems: HouseholdProblemAt[] = [];
  members.forEach((m, member) => {
    if (!householdNameOk(m.name)) problems.push({ problem: "household.name", member });
    const days = m.fidyahDays ?? 0;
    const harta = m.hartaCents ?? 0;
    if (!whole(days, 0, HOUSEHOLD_MAX_FIDYAH_DAYS))
      problems.push({ problem: "household.days", member });
    if (!whole(harta, 0, 1_000_000_000)) problems.push({ problem: "household.harta", member });
    if (
      m.fitrah === "own" &&
      !whole(m.ownRateCents, rates.fitrahMinAmount, rates.fitrahMaxAmount)
    ) {
      problems.push({ problem: "household.ownRate", member });
    }
    if (m.fitrah === undefined && days === 0 && harta === 0) {
      problems.push({ problem: "household.nothing", member });
    }
  });
  return problems;
};

/**
 * The household's lines, item by item, priced at `rates` (people who pay nothing of an item are
 * left out of it; an item nobody pays is an empty list). Check `householdProblems` first.
 */
export const householdLines = (
  members: ReadonlyArray<HouseholdMember>,
  rates: HouseholdRates,
): Readonly<Record<HouseholdItem, ReadonlyArray<HouseholdLine>>> => {
  const lines: Record<HouseholdItem, HouseholdLine[]> = { fitrah: [], fidyah: [], harta: [] };
  for (const m of members) {
    const name = clean(m.name);
    if (m.fitrah !== undefined) {
      lines.fitrah.push({
        name,
        kind: m.fitrah,
        cents: fitrahCents(m.fitrah, m.ownRateCents, rates),
      });
    }
    const days = m.fidyahDays ?? 0;
    if (days > 0) lines.fidyah.push({ name, days, cents: days * rates.fidyahPerDay });
    const harta = m.hartaCents ?? 0;
    if (harta > 0) lines.harta.push({ name, cents: harta });
  }
  return lines;
};

/** What a list of lines comes to, in cents. */
export const linesTotal = (lines: ReadonlyArray<HouseholdLine>): number =>
  lines.reduce((sum, line) => sum + line.cents, 0);

/**
 * Whether lines sent for `item` (from a counter device, a kiosk or checkout) stand as they are: one to
 * HOUSEHOLD_MAX_MEMBERS people, each named, with what the item needs (fitrah a rate kind, fidyah whole
 * days), whole cents above zero adding up to `amountCents`; and, when the rates they were priced at
 * are the ones given, each priced at them. `rates` null: the rates were replaced since (the money was
 * received; the amounts stand as taken, the receipt is flagged elsewhere).
 */
export const householdLinesOk = (
  item: string,
  value: unknown,
  amountCents: number,
  rates: HouseholdRates | null,
): value is ReadonlyArray<HouseholdLine> => {
  if (!Array.isArray(value) || value.length === 0 || value.length > HOUSEHOLD_MAX_MEMBERS) {
    return false;
  }
  if (!(HOUSEHOLD_ITEMS as ReadonlyArray<string>).includes(item)) return false;
  let total = 0;
  for (const line of value as ReadonlyArray<Record<string, unknown>>) {
    if (typeof line !== "object" || line === null) return false;
    const { name, kind, days, cents } = line;
    if (typeof name !== "string" || !householdNameOk(name) || name !== clean(name)) return false;
    if (!whole(cents, 1, 1_000_000_000)) return false;
    total += cents;
    if (item === "fitrah") {
      if (!(FITRAH_KINDS as ReadonlyArray<unknown>).includes(kind) || days !== undefined) {
        return false;
      }
      if (
        rates &&
        kind !== "own" &&
        cents !== fitrahCents(kind as FitrahRateKind, undefined, rates)
      ) {
        return false;
      }
      if (
        rates &&
        kind === "own" &&
        (cents < rates.fitrahMinAmount || cents > rates.fitrahMaxAmount)
      ) {
        return false;
      }
    } else if (item === "fidyah") {
      if (kind !== undefined || !whole(days, 1, HOUSEHOLD_MAX_FIDYAH_DAYS)) return false;
      if (rates && cents !== days * rates.fidyahPerDay) return false;
    } else if (kind !== undefined || days !== undefined) {
      return false;
    }
  }
  return total === amountCents;
};

/** The fitrah persons per kind of a household's fitrah lines (the receipt's §3 fitrah items). */
export const fitrahCounts = (
  lines: ReadonlyArray<HouseholdLine>,
): { readonly normal: number; readonly premium: number; readonly own: number } => ({
  normal: lines.filter((l) => l.kind === "normal").length,
  premium: lines.filter((l) => l.kind === "premium").length,
  own: lines.filter((l) => l.kind === "own").length,
});
