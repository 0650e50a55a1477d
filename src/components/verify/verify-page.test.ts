import { describe, expect, it } from "vitest";
import { apiCalls, defaultBases } from "@portal/adapters";
import { VERIFY_CALL_PATH } from "./verify-page";

describe("the verify page's call", () => {
  it("is verifyReceipt's address in the call table", () => {
    const call = apiCalls.find((entry) => entry.name === "verifyReceipt");
    expect(call && `${defaultBases[call.base]}${call.path}`).toBe(VERIFY_CALL_PATH);
  });
});
