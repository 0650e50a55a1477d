/** §3's `sourceOfIncome`: the calculator asks where the wealth paid on comes from. */
export const SOURCES_OF_INCOME = [
  "employment",
  "business",
  "investment",
  "inheritance",
  "others",
] as const;
export type SourceOfIncome = (typeof SOURCES_OF_INCOME)[number];
export const isSourceOfIncome = (value: unknown): value is SourceOfIncome =>
  (SOURCES_OF_INCOME as ReadonlyArray<unknown>).includes(value);
