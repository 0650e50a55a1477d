import { createHash } from "node:crypto";

// A NETS card terminal beside a kiosk (issue 32; docs/stand-ins.md "NETS terminal"). The port is
// what the kiosk's payment needs of a terminal: charge an amount once per key, and say approved (with
// the terminal's approval code, which the payment keeps as its reference) or declined (with why).
// The embedded default is a sandbox: no terminal, no bank, decided by the amount as the card sandbox
// decides by the card number.

export type NetsOutcome =
  | { readonly outcome: "approved"; readonly approvalCode: string }
  | { readonly outcome: "declined"; readonly reason: "declined" | "insufficient_funds" };

export interface NetsTerminal {
  /**
   * Charge `amountCents` under `key` (the same key is the same charge: asked again it answers the
   * same). `reference` is printed on the terminal's slip (the donation's transaction number).
   */
  readonly charge: (input: {
    readonly amountCents: number;
    readonly key: string;
    readonly reference: string;
  }) => Promise<NetsOutcome>;
}

/** Amounts the sandbox declines: cents ending in 02 (declined) and 05 (insufficient funds). */
export const NETS_SANDBOX_DECLINES = { declined: 2, insufficient_funds: 5 } as const;

/**
 * The sandbox terminal: an amount whose cents are .02 is declined, .05 declined for insufficient
 * funds, anything else approved with a six-digit approval code drawn from the key (so a charge asked
 * again gives the same code, as a terminal answers a repeated transaction).
 */
export const sandboxNetsTerminal = (): NetsTerminal => ({
  charge: ({ amountCents, key }) => {
    const cents = amountCents % 100;
    if (cents === NETS_SANDBOX_DECLINES.declined) {
      return Promise.resolve({ outcome: "declined", reason: "declined" });
    }
    if (cents === NETS_SANDBOX_DECLINES.insufficient_funds) {
      return Promise.resolve({ outcome: "declined", reason: "insufficient_funds" });
    }
    const digest = createHash("sha256").update(`nets-sandbox:${key}`).digest();
    const approvalCode = String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0");
    return Promise.resolve({ outcome: "approved", approvalCode });
  },
});
