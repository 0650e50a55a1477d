import { describe, expect, it } from "vitest";
import { FREQUENCIES } from "@portal/domain";
import { resources } from "../../i18n/index";
import { checkoutLabelKeys } from "./labels";

const recurring = FREQUENCIES.filter((frequency) => frequency !== "one time");

describe("checkout's recurring sentences", () => {
  it("every recurring frequency has its own whole sentences, so no label is dropped mid-sentence", () => {
    for (const frequency of recurring) {
      expect(checkoutLabelKeys).toContain(`checkout_done_recurring_${frequency}`);
    }
  });

  it("in English and Malay the frequency word is in lower case inside the sentence", () => {
    for (const lng of ["en", "ms"] as const) {
      const text = resources[lng].translation as Record<string, string>;
      for (const frequency of recurring) {
        const label = text[`checkout_frequency_${frequency}`] ?? "";
        for (const kind of ["done_recurring"]) {
          const sentence = text[`checkout_${kind}_${frequency}`] ?? "";
          expect(sentence, `${lng}:${kind}:${frequency}`).not.toBe("");
          expect(sentence.slice(1), `${lng}:${kind}:${frequency}`).not.toContain(label);
        }
      }
    }
  });
});
