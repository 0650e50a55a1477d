import { Schema } from "effect";
import { MAX_SYNC_ENTRIES } from "@portal/domain";
import { syncEntries } from "../app/counter-sync";
import { counterPayNowReceipt, startCounterPayNow } from "../app/counter-paynow";
import { enforceLimits } from "../rate-limits/shared";
import { decode, Text } from "./decode";
import { success } from "./envelope";
import type { Handler, HandlerServices } from "./types";
import { verificationByNumber } from "./verify";

/** A sync: the device's id and up to MAX_SYNC_ENTRIES signed entries, each the exact text signed. */
const SyncBody = Schema.Struct({
  deviceId: Text(36),
  entries: Schema.Array(
    Schema.Struct({
      text: Schema.String.check(Schema.isMaxLength(4_000)),
      signature: Text(200),
    }),
  ).check(Schema.isMaxLength(MAX_SYNC_ENTRIES)),
});

/** A counter's PayNow start: the device, the request its key signed and the signature. */
const PayNowBody = Schema.Struct({
  deviceId: Text(36),
  // A household of 20 named people, with the amil's credential, signs about 3 KB.
  text: Schema.String.check(Schema.isMaxLength(8_000)),
  signature: Text(200),
});
const ReceiptBody = Schema.Struct({
  donationId: Text(64),
  clientSecret: Text(200),
  lang: Schema.optionalKey(Schema.Literals(["en", "ms"])),
});

/** PayNow starts from one address an hour: a mosque's counters take one a minute or two each. */
const PAYNOW_PER_ADDRESS_HOUR = 600;

/**
 * Calls from one address an hour: a mosque's devices behind one address, each sending its queue in
 * pages and retrying in the background, stay well under it; someone trying keys or devices does not.
 */
const SYNC_PER_ADDRESS_HOUR = 2_000;

/**
 * A counter device's calls (issue 32; docs/counter.md): `syncEntries` sends the payments it took
 * offline, each signed by the device's key, and answers what became of each (applied with its
 * receipt, held for an officer with its reason, or refused and not kept).
 */
export const counterHandlers = ({ services, app }: HandlerServices): Record<string, Handler> => ({
  syncEntries: async ({ body, clientAddress }) => {
    await enforceLimits(services, [
      [
        { name: "syncEntries:address", limit: SYNC_PER_ADDRESS_HOUR, windowMs: 60 * 60_000 },
        clientAddress,
      ],
    ]);
    const input = decode(SyncBody, body);
    const answer = await app.run(
      syncEntries({ deviceId: input.deviceId, entries: input.entries, from: clientAddress }),
    );
    return success({ data: answer });
  },
  /** PayNow at the counter (online): a donation per fund paid, each with its client secret. */
  startCounterPayNow: async ({ body, clientAddress }) => {
    await enforceLimits(services, [
      [
        { name: "counterPayNow:address", limit: PAYNOW_PER_ADDRESS_HOUR, windowMs: 60 * 60_000 },
        clientAddress,
      ],
    ]);
    const started = await app.run(
      startCounterPayNow({ ...decode(PayNowBody, body), from: clientAddress }),
    );
    return success(
      {
        data: {
          mosqueName: started.mosqueName,
          payments: started.payments.map(({ replayed: _replayed, ...payment }) => payment),
        },
      },
      started.payments.every((one) => one.replayed) ? { "idempotent-replayed": "true" } : {},
    );
  },
  /** A paid counter PayNow payment's receipt, as the counter shows it, with its verification. */
  counterPayNowReceipt: async ({ body }) => {
    const { lang = "en", ...ref } = decode(ReceiptBody, body);
    const receipt = await app.run(counterPayNowReceipt(ref));
    const { receiptNo, transactionNo, flow, amounts, totalCents, issuedAt, household } = receipt;
    return success({
      data: {
        ...{ receiptNo, transactionNo, flow, amounts, totalCents, issuedAt, household },
        mosqueName: receipt.mosqueName ?? "",
        ...(await verificationByNumber(services, receipt, lang)),
      },
    });
  },
});
