import { describe, expect, it } from "vitest";
import { checkedDonorDetails } from "./donor-input";

describe("enrolment details on the server", () => {
  it("apply §5's text helper to every free-text field a donor types", () => {
    const details = checkedDonorDetails({
      kind: "corporate",
      name: "  Razak   <b>bin</b> Ali ",
      companyName: " Razak  &  Sons <i>Pte. Ltd.</i> ",
      uen: "201912345k",
      email: "razak@example.sg",
      address: {
        postalCode: "068898",
        blockNumber: " 10 <script>x</script>",
        streetName: "  Tanjong   <u>Pagar</u> Road ",
        buildingName: "<em>Harta</em>  Tower",
        floorNo: " 05",
        unitNo: "05-12",
      },
      profile: { representativeName: " Razak  <b>bin</b> Ali" },
    });
    expect(details).toMatchObject({
      name: "Razak bin Ali",
      companyName: "Razak & Sons Pte. Ltd.",
      uen: "201912345K",
      address: {
        blockNumber: "10 x",
        streetName: "Tanjong Pagar Road",
        buildingName: "Harta Tower",
        floorNo: "05",
        unitNo: "#05-12",
      },
      profile: { representativeName: "Razak bin Ali" },
    });
  });

  it("still refuses what cleaning leaves invalid", () => {
    expect(() =>
      checkedDonorDetails({
        kind: "individual",
        name: "<b></b>",
        nric: "S1234567D",
        email: "a@example.sg",
      }),
    ).toThrow("Enter full name");
  });
});
