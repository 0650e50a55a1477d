import { Schema } from "effect";
import { validateNric, validateUen } from "@portal/domain";
import { taxIdKindOf } from "@portal/adapters/db";
import { decode, Text, TransactionBody } from "./decode";
import { check } from "./donor-input";
import { success, transactionNotFound } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/** getRecurringPlans: the caller's own plans (status, amount, card, next charge), for the account area. */
const getRecurringPlans =
  ({ callers, records: { plans } }: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await callers.registeredDonor(headers);
    return success({ data: await plans.plans(donor.id) });
  };

/** getTaxDeductionStatus: one of the caller's donations, whether it can be and is registered. */
const getTaxDeductionStatus =
  ({ callers, records: { tax } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const { transactionNo } = decode(TransactionBody, body);
    const view = await tax.status(donor.id, transactionNo);
    if (!view) throw transactionNotFound();
    return success({ data: view });
  };

const RegisterBody = Schema.Struct({
  transactionNo: Text(40),
  idType: Schema.Literals(["NRIC", "UEN"]),
  idNumber: Text(20),
});

/**
 * registerTaxDeduction: include one of the caller's paid zakat or wakaf donations in IRAS's records under
 * an NRIC/FIN (checksum checked) or a UEN. Idempotent: the same number again answers as before; another
 * number is refused (409 `taxDeduction.otherId`). The number is sealed at rest and audit-logged by kind.
 */
const registerTaxDeduction =
  ({ callers, records: { tax } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const request = decode(RegisterBody, body);
    const id = request.idNumber.trim().toUpperCase();
    const isUen = request.idType === "UEN";
    check(isUen ? validateUen(id) : validateNric(id));
    const { outcome, view } = await tax.register(
      donor.id,
      request.transactionNo,
      taxIdKindOf(id, isUen),
      id,
    );
    return success({
      message: outcome === "already" ? "Already registered" : "Registered for tax deduction",
      data: view,
    });
  };

export const accountHandlers = (given: HandlerServices) =>
  ({
    getRecurringPlans: getRecurringPlans(given),
    getTaxDeductionStatus: getTaxDeductionStatus(given),
    registerTaxDeduction: registerTaxDeduction(given),
  }) satisfies Record<string, Handler>;
