import { describe, expect, it } from "vitest";
import {
  cleanText,
  CONTACT_PERSON_MAX_LENGTH,
  NAME_MAX_LENGTH,
  cleanTextFields,
  fitsLength,
  isValidNric,
  isValidPassword,
  isValidUrl,
  normaliseUnitNumber,
  nricCheckLetter,
  parseDdMmYyyy,
  parseNumberText,
  passwordIssues,
  validateCompanyName,
  validateContactPerson,
  validateEmail,
  validateFirstName,
  validateFullName,
  validateLength,
  validateMobile,
  validateNric,
  validateOnBehalfOf,
  validatePastDate,
  validateRegisteredAddress,
  validateUen,
  validateUrl,
  validationMessages,
} from "./index.ts";

describe("NRIC/FIN", () => {
  it("accepts published and computed examples of every series", () => {
    expect(isValidNric("S9812379B")).toBe(true); // MockPass persona
    expect(isValidNric("S1234567D")).toBe(true);
    expect(isValidNric("T1234567J")).toBe(true);
    expect(isValidNric("F1234567N")).toBe(true);
    expect(isValidNric("G1234567X")).toBe(true);
    expect(isValidNric("M1234567K")).toBe(true); // 2022 M-series algorithm
  });

  it("refuses a wrong check letter, a wrong pattern, lowercase and blank", () => {
    expect(validateNric("S1234567A")).toBe("validation.nric.invalid");
    expect(validateNric("M1234567L")).toBe("validation.nric.invalid");
    expect(validateNric("A1234567D")).toBe("validation.nric.invalid");
    expect(validateNric("s1234567d")).toBe("validation.nric.invalid");
    expect(validateNric("S123456D")).toBe("validation.nric.invalid");
    expect(validateNric("  ")).toBe("validation.nric.required");
    expect(validateNric("S9812379B")).toBeNull();
    expect(nricCheckLetter("X", "1234567")).toBeNull();
    expect(nricCheckLetter("S", "123")).toBeNull();
  });

  it("maps keys to the spec's exact English", () => {
    expect(validationMessages["validation.nric.invalid"]).toBe("Enter Valid NRIC/FIN");
    expect(validationMessages["validation.nric.required"]).toBe("Please Enter NRIC/FIN");
    expect(validationMessages["validation.mobile.max"]).toBe("Maxmium 16 numbers");
  });
});

describe("contact details", () => {
  it("email needs a 2 to 4 letter top-level domain", () => {
    expect(validateEmail("donor@muis.gov.sg")).toBeNull();
    expect(validateEmail("a.b+c@example.info")).toBeNull();
    expect(validateEmail("a@example.museum")).toBe("validation.email.invalid");
    expect(validateEmail("a@example.c")).toBe("validation.email.invalid");
    expect(validateEmail("not an email")).toBe("validation.email.invalid");
    expect(validateEmail("")).toBe("validation.email.required");
  });

  it("mobile has 8 to 16 digits", () => {
    expect(validateMobile("9123 4567")).toBeNull();
    expect(validateMobile("1234567")).toBe("validation.mobile.min");
    expect(validateMobile("12345678901234567")).toBe("validation.mobile.max");
    expect(validateMobile("9123-4567")).toBe("validation.mobile.invalid");
    expect(validateMobile("")).toBe("validation.mobile.invalid");
  });
});

describe("password policy", () => {
  it("needs 7+ characters with upper, lower, digit, symbol and no spaces", () => {
    expect(isValidPassword("Zakat#25")).toBe(true);
    expect(passwordIssues("Zk#2")).toEqual(["validation.password.length"]);
    expect(passwordIssues("zakat#25")).toEqual(["validation.password.uppercase"]);
    expect(passwordIssues("ZAKAT#25")).toEqual(["validation.password.lowercase"]);
    expect(passwordIssues("Zakat#ab")).toEqual(["validation.password.digit"]);
    expect(passwordIssues("Zakat125")).toEqual(["validation.password.symbol"]);
    expect(passwordIssues("Zakat# 25")).toEqual(["validation.password.spaces"]);
  });
});

describe("organisations and names", () => {
  it("company names allow letters, digits, hyphen, ampersand, spaces (dot in one variant)", () => {
    expect(validateCompanyName("Tan & Sons - Trading 2")).toBeNull();
    expect(validateCompanyName("Tan Pte. Ltd.")).toBe("validation.companyName.invalid");
    expect(validateCompanyName("Tan Pte. Ltd.", { allowDot: true })).toBeNull();
    expect(validateCompanyName(" ")).toBe("validation.companyName.required");
  });

  it("contact person: letters and spaces (slash in one variant), under 50 characters", () => {
    expect(validateContactPerson("Siti Aminah")).toBeNull();
    expect(validateContactPerson("Ravi s/o Kumar")).toBe("validation.contactPerson.invalid");
    expect(validateContactPerson("Ravi s/o Kumar", { allowSlash: true })).toBeNull();
    expect(validateContactPerson("a".repeat(49))).toBeNull();
    expect(validateContactPerson("a".repeat(50))).toBe("validation.contactPerson.invalid");
    expect(validateContactPerson("")).toBe("validation.contactPerson.required");
  });

  it("UEN: required, alphanumeric, 9 to 10 characters", () => {
    expect(validateUen("53012345D")).toBeNull();
    expect(validateUen("201912345K")).toBeNull();
    expect(validateUen("")).toBe("validation.uen.required");
    expect(validateUen("2019-1234K")).toBe("validation.uen.pattern");
    expect(validateUen("12345678")).toBe("validation.uen.invalid");
    expect(validateUen("12345678901")).toBe("validation.uen.invalid");
  });

  it("names take letters and the marks of Singapore names", () => {
    expect(validateFullName("Nur Aisyah binte Rahman")).toBeNull();
    expect(validateFullName("Ravi s/o Kumar")).toBeNull();
    expect(validateFullName("")).toBe("validation.fullName.required");
    expect(validateFullName("R2D2")).toBe("validation.fullName.invalid");
    expect(validateFirstName("<b>")).toBe("validation.firstName.invalid");
    expect(validateOnBehalfOf("Hj. Ahmad")).toBeNull();
  });

  it("names are capped at 66 characters (issue 34), not §5's generic 25: a legal name prints whole", () => {
    const long = "Nur Aisyah binte Mohamed Abdul Rahman";
    expect(long.length).toBeGreaterThan(25);
    expect(validateFullName(long)).toBeNull();
    expect(NAME_MAX_LENGTH).toBe(66);
    const atCap = "A".repeat(NAME_MAX_LENGTH);
    for (const validate of [validateFullName, validateFirstName, validateOnBehalfOf]) {
      expect(validate(atCap)).toBeNull();
      expect(validate(`${atCap}b`)).toBe("validation.name.tooLong");
      // Spaces around the name do not count against it.
      expect(validate(`  ${atCap}  `)).toBeNull();
    }
    expect(validateCompanyName("B".repeat(NAME_MAX_LENGTH))).toBeNull();
    expect(validateCompanyName("B".repeat(NAME_MAX_LENGTH + 1))).toBe("validation.name.tooLong");
    // A contact person's name stays under §5's 50; the forms stop at 49.
    expect(CONTACT_PERSON_MAX_LENGTH).toBe(49);
    expect(validateContactPerson("a".repeat(CONTACT_PERSON_MAX_LENGTH))).toBeNull();
    expect(validationMessages["validation.name.tooLong"]).toBe(
      "A name can be at most 66 characters",
    );
  });

  it("a registered address names a street or a building; a postal code alone is not one", () => {
    expect(validateRegisteredAddress({ streetName: "Simei Street 1" })).toBeNull();
    expect(validateRegisteredAddress({ buildingName: "Harta Tower" })).toBeNull();
    expect(validateRegisteredAddress({})).toBe("validation.registeredAddress.required");
    expect(validateRegisteredAddress({ streetName: "   ", buildingName: "" })).toBe(
      "validation.registeredAddress.required",
    );
    expect(validationMessages["validation.registeredAddress.required"]).toBe(
      "Please enter registered address",
    );
  });
});

describe("dates", () => {
  const now = Date.UTC(2025, 2, 15, 4, 0); // 15 Mar 2025, 12:00 SGT
  it("reads dd/mm/yyyy strictly", () => {
    expect(parseDdMmYyyy("29/02/2024")).toEqual({ day: 29, month: 2, year: 2024 });
    expect(parseDdMmYyyy("29/02/2025")).toBeNull();
    expect(parseDdMmYyyy("1/2/2024")).toBeNull();
  });
  it("allows only dates before now, in Singapore", () => {
    expect(validatePastDate("14/03/2025", now)).toBeNull();
    expect(validatePastDate("15/03/2025", now)).toBeNull();
    expect(validatePastDate("16/03/2025", now)).toBe("validation.date.future");
    expect(validatePastDate("15/03/2025", Date.UTC(2025, 2, 14, 16, 0))).toBe(
      "validation.date.future",
    );
    expect(validatePastDate("31/04/2020", now)).toBe("validation.date.invalid");
    expect(validatePastDate("", now)).toBe("validation.dateOfBirth.required");
  });
});

describe("address fields", () => {
  it("limits lengths per field", () => {
    expect(fitsLength("unitNumber", "12345")).toBe(true);
    expect(validateLength("unitNumber", "123456")).toBe("validation.length.max");
    expect(validateLength("amount", "1".repeat(14))).toBeNull();
    expect(validateLength("text", "a".repeat(26))).toBe("validation.length.max");
  });
  it("prefixes floor-unit numbers with # and drops '-' and '00'", () => {
    expect(normaliseUnitNumber("05-123")).toBe("#05-123");
    expect(normaliseUnitNumber("#05-123")).toBe("#05-123");
    expect(normaliseUnitNumber("-")).toBe("");
    expect(normaliseUnitNumber("00")).toBe("");
    expect(normaliseUnitNumber(" ")).toBe("");
    expect(normaliseUnitNumber("G1")).toBe("G1");
  });
});

describe("text, numbers and URLs", () => {
  it("cleans text: no HTML, single spaces, no leading spaces", () => {
    expect(cleanText("   Hello   <b>world</b>  ")).toBe("Hello world ");
    expect(cleanText("<script>alert(1)</script>Ali")).toBe("alert(1)Ali");
  });
  it("parses numbers after stripping all but digits, dot and minus", () => {
    expect(parseNumberText("$1,234.50")).toBe(1234.5);
    expect(parseNumberText("-7")).toBe(-7);
    expect(parseNumberText(".5")).toBe(0.5);
    expect(parseNumberText("abc")).toBeNull();
    expect(parseNumberText("1.2.3")).toBeNull();
  });
  it("checks http(s) URLs", () => {
    expect(isValidUrl("https://www.zakat.sg/receipt?id=1")).toBe(true);
    expect(isValidUrl("http://wakaf.localhost:4321/")).toBe(true);
    expect(validateUrl("javascript:alert(1)")).toBe("validation.url.invalid");
    expect(validateUrl("https://exa mple.com")).toBe("validation.url.invalid");
  });
});

describe("the text helper on a form's fields", () => {
  it("cleans the named fields only", () => {
    const values = { name: "  Siti   <b>Aminah</b>", nric: "S1234567D  ", count: 2 };
    expect(cleanTextFields(values, ["name"])).toEqual({
      name: "Siti Aminah",
      nric: "S1234567D  ",
      count: 2,
    });
  });
});
