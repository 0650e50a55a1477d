import { describe, expect, it } from "vitest";
import { ENROLMENT_VALUES, guestEnrolmentValue } from "./enrolment.ts";

describe("enrolment values (§2)", () => {
  it("are Manually, Singpass, Anonymous and the wakaf brand", () => {
    expect(ENROLMENT_VALUES).toEqual(["Manually", "Singpass", "Anonymous", "wakaf"]);
  });

  it("a guest who did not enrol gives as Anonymous, or as wakaf to a wakaf fund", () => {
    expect(
      ["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"].map((f) => guestEnrolmentValue(f as never)),
    ).toEqual(["Anonymous", "Anonymous", "Anonymous", "wakaf", "wakaf"]);
  });
});
