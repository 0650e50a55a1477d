import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDatePadded,
  formatDateTime,
  formatMobile,
  formatTime,
  frequencyLabel,
  maskNric,
  nextZakatDue,
  paymentStatusDisplay,
  receiptDonor,
  receiptRecurrenceLabel,
  RECEIPT_MOBILE_MASK,
  sgtParts,
  showNextZakatDue,
  showOfficerName,
  truncate,
  truncation,
  DONOR_WALL_NAME_MAX,
  RECEIPT_LINE_MAX,
  wrapReference,
} from "./index.ts";

// 2025-03-04T23:30:00Z is 5 Mar 2025, 7:30 AM in Singapore.
const t = Date.UTC(2025, 2, 4, 23, 30);

describe("dates and times in Singapore (UTC+8)", () => {
  it("formats D MMM YYYY, DD MMM YYYY, h:mm A and date | time", () => {
    expect(formatDate(t, "en")).toBe("5 Mar 2025");
    expect(formatDatePadded(t, "en")).toBe("05 Mar 2025");
    expect(formatTime(t, "en")).toBe("7:30 AM");
    expect(formatDateTime(t, "en")).toBe("5 Mar 2025 | 7:30 AM");
    expect(formatTime(Date.UTC(2025, 0, 1, 16, 0), "en")).toBe("12:00 AM");
    expect(formatTime(Date.UTC(2025, 0, 1, 4, 5), "en")).toBe("12:05 PM");
    expect(formatTime(Date.UTC(2025, 0, 1, 7, 59), "en")).toBe("3:59 PM");
    expect(sgtParts(Date.UTC(2024, 11, 31, 16, 0))).toMatchObject({
      year: 2025,
      month: 1,
      day: 1,
      hour: 0,
    });
  });

  it("writes Malay month names and halves of the day on Malay pages", () => {
    expect(formatDateTime(t, "ms")).toBe("5 Mac 2025 | 7:30 PG");
    expect(formatDatePadded(Date.UTC(2025, 7, 9, 8, 0), "ms")).toBe("09 Ogo 2025");
    expect(formatDate(Date.UTC(2025, 11, 25, 9, 15), "ms")).toBe("25 Dis 2025");
    expect(formatTime(Date.UTC(2025, 0, 1, 7, 59), "ms")).toBe("3:59 PTG");
    expect(formatDate(Date.UTC(2025, 4, 1, 4, 0), "ms")).toBe("1 Mei 2025");
    expect(formatDate(Date.UTC(2025, 9, 1, 4, 0), "ms")).toBe("1 Okt 2025");
  });

  it("next zakat due is 355 days later", () => {
    expect(formatDate(nextZakatDue(t), "en")).toBe("23 Feb 2026");
  });
});

describe("receipt formatting", () => {
  it("masks NRIC to the last four characters", () => {
    expect(maskNric("S1234456A")).toBe("*****456A");
    expect(maskNric("abc")).toBe("***");
    expect(maskNric("")).toBe("");
  });

  it("formats mobiles with the receipt and other masks; '-' for blanks", () => {
    expect(formatMobile("+65 91234567")).toBe("+65 9123 4567");
    expect(formatMobile("6591234567", RECEIPT_MOBILE_MASK)).toBe("+65 9123 4567");
    expect(formatMobile("601234567890123456", RECEIPT_MOBILE_MASK)).toBe("+60 1234 5678 9012 3456");
    expect(formatMobile("60123456789012")).toBe("+60 1234 56789012");
    for (const blank of ["", null, undefined, "NA", "NULL", "null", "  ", "+"]) {
      expect(formatMobile(blank)).toBe("-");
    }
  });

  it("wraps reference numbers at 13 characters and truncates with ...", () => {
    expect(wrapReference("ABCDEFGHIJKLMNOPQRSTUVWXYZ1")).toEqual([
      "ABCDEFGHIJKLM",
      "NOPQRSTUVWXYZ",
      "1",
    ]);
    expect(wrapReference("")).toEqual([]);
    expect(truncate("Masjid Sultan", 6)).toBe("Masjid...");
    expect(truncate("Masjid", 6)).toBe("Masjid");
    // No space is left before the '...'.
    expect(truncate("Masjid Sultan", 7)).toBe("Masjid...");
    expect(truncation("Hamba Allah", DONOR_WALL_NAME_MAX)).toEqual({
      shown: "Hamba Allah",
      full: "Hamba Allah",
      cut: false,
    });
    const long = "Savings · Remarks: " + "DBS multiplier account, ".repeat(5);
    const line = truncation(long, RECEIPT_LINE_MAX);
    expect(line.cut).toBe(true);
    expect(line.shown).toMatch(/^Savings · Remarks: DBS multiplier account, .*\.\.\.$/);
    expect(line.shown.length).toBeLessThanOrEqual(RECEIPT_LINE_MAX + 3);
  });

  it("keeps the odd recurrence rule of §9", () => {
    expect(receiptRecurrenceLabel("$10")).toBe("Recurrent Daily");
    expect(receiptRecurrenceLabel("$20")).toBe("Recurrent Weekly");
    expect(receiptRecurrenceLabel("$50")).toBe("Recurrent Monthly");
    expect(receiptRecurrenceLabel("$100")).toBe("Recurrent Quarterly");
    expect(receiptRecurrenceLabel("$200")).toBe("Recurrent Annually");
    expect(receiptRecurrenceLabel("$10.00")).toBe("One Time");
    expect(receiptRecurrenceLabel("")).toBe("One Time");
    expect(frequencyLabel("One Off")).toBe("One Time");
    expect(frequencyLabel("Monthly")).toBe("Monthly");
  });

  it("shows payment statuses; refunded and voided are struck; missing is accepted", () => {
    expect(paymentStatusDisplay(undefined)).toEqual({
      label: "Accepted",
      struck: false,
      amountClass: "amt accepted",
    });
    expect(paymentStatusDisplay("Completed").label).toBe("Completed");
    expect(paymentStatusDisplay("refunded")).toEqual({
      label: "Refunded",
      struck: true,
      amountClass: "amt refunded",
    });
    expect(paymentStatusDisplay("VOIDED")).toEqual({
      label: "Voided",
      struck: true,
      amountClass: "amt voided",
    });
  });

  it("shows anonymous donors as Hamba Allah without email", () => {
    expect(receiptDonor({ isAnonymous: true, donorName: "Ali", donorEmail: "a@b.sg" })).toEqual({
      name: "Hamba Allah",
      email: null,
    });
    expect(receiptDonor({ isAnonymous: false, donorName: "Ali", donorEmail: "a@b.sg" })).toEqual({
      name: "Ali",
      email: "a@b.sg",
    });
  });

  it("shows the officer name only at point of sale for an amil other than the platform", () => {
    const platformAmilId = "0";
    expect(showOfficerName({ source: "Kiosk", amilId: "42", platformAmilId })).toBe(true);
    expect(showOfficerName({ source: "pos", amilId: 42, platformAmilId })).toBe(true);
    expect(showOfficerName({ source: "terminal", amilId: "0", platformAmilId })).toBe(false);
    expect(showOfficerName({ source: "web", amilId: "42", platformAmilId })).toBe(false);
    expect(showOfficerName({ source: "kiosk", amilId: null, platformAmilId })).toBe(false);
    expect(showOfficerName({ source: undefined, amilId: "42", platformAmilId })).toBe(false);
  });

  it("shows next zakat harta due only for harta above 0, a living donor and a date", () => {
    expect(
      showNextZakatDue({ hartaAmount: 10, isDeceased: false, nextZakatDueDate: "2026-02-23" }),
    ).toBe(true);
    expect(
      showNextZakatDue({ hartaAmount: 0, isDeceased: false, nextZakatDueDate: "2026-02-23" }),
    ).toBe(false);
    expect(
      showNextZakatDue({ hartaAmount: 10, isDeceased: true, nextZakatDueDate: "2026-02-23" }),
    ).toBe(false);
    expect(showNextZakatDue({ hartaAmount: 10, isDeceased: false, nextZakatDueDate: "" })).toBe(
      false,
    );
    expect(showNextZakatDue({ hartaAmount: 10, isDeceased: false, nextZakatDueDate: null })).toBe(
      false,
    );
  });
});
