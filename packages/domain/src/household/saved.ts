import { householdNameOk } from "./household.ts";

// Issue 33: a signed-in donor keeps the people of their household in their account (name and
// relation), and picks from them when paying fitrah: the chosen people fill the household form
// (household-form.ts), which prices and names them as it does at checkout, the counter and the kiosk.

/** The most people one donor keeps (a large family); more is refused with household.members.full. */
export const SAVED_MEMBERS_MAX = 30;

/** How a kept person is related to the donor. */
export type Relation = "self" | "spouse" | "child" | "parent" | "sibling" | "other";
export const RELATIONS: ReadonlyArray<Relation> = [
  "self",
  "spouse",
  "child",
  "parent",
  "sibling",
  "other",
];

/** One kept person, as the account lists them. */
export interface SavedMember {
  readonly id: string;
  readonly name: string;
  readonly relation: Relation;
}

/** Why a person cannot be kept, field by field (the page's messages key on these). */
export type SavedMemberProblem = "member.name" | "member.relation";

/** A name as it is kept and printed: spaces tidied (what the receipt prints). */
export const tidyMemberName = (name: string): string => name.replace(/\s+/g, " ").trim();

export const isRelation = (value: unknown): value is Relation =>
  (RELATIONS as ReadonlyArray<unknown>).includes(value);

/**
 * The problems of a person to keep: a name the receipt can print (2 to 66 letters and the usual
 * marks, as a household payment's names) and one of the relations.
 */
export const savedMemberProblems = (
  name: string,
  relation: unknown,
): ReadonlyArray<SavedMemberProblem> => [
  ...(householdNameOk(name) ? [] : (["member.name"] as const)),
  ...(isRelation(relation) ? [] : (["member.relation"] as const)),
];
