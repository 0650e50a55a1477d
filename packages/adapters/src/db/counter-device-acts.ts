import { createHmac, timingSafeEqual } from "node:crypto";
import { amilClaims, deviceSeriesAll, readAmilClaims, type AmilClaims } from "@portal/domain";
import { consoleAuditWriter, type ConsoleActor, type ConsoleAudit } from "./console-audit";
import type { Sql, SqlQuery } from "./sql";

// What officers do to a registered counter device besides registering and revoking it (issue 32,
// docs/counter.md): an amil signs in on it (the council's credential for them on that device), and an
// approver gives a device whose block is used up a new block in the same series.

/** The most serials a receipt number holds (eight digits). */
const MAX_SERIAL = 99_999_999;

/**
 * The council's amil credentials: `<claims, base64url JSON>.<HMAC-SHA-256, base64url>` under a key
 * derived from the server's. Only the server can make one; the device reads the claims to show the
 * amil's name and expiry, and carries it in every entry; the sync checks it again.
 */
export function amilCredentials(serverKey: Buffer) {
  const key = createHmac("sha256", serverKey).update("portal:counter-amil:v1").digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    issue: (claims: AmilClaims): string => {
      const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
      return `${payload}.${mac(payload).toString("base64url")}`;
    },
    /** The claims of a credential the council made, or "forged" (a wrong MAC or no shape). */
    read: (credential: string): AmilClaims | "forged" => {
      const [payload, signature, extra] = credential.split(".");
      if (!payload || !signature || extra !== undefined) return "forged";
      const given = Buffer.from(signature, "base64url");
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged";
      try {
        return (
          readAmilClaims(JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))) ?? "forged"
        );
      } catch {
        return "forged";
      }
    },
  };
}

interface Row {
  id: string;
  device_no: number;
  mosque_name: string;
  block_from: string | number;
  block_to: string | number;
  revoked_at: Date | string | null;
}

export function counterDeviceActs(
  sql: Sql,
  serverKey: Buffer,
  audit: ConsoleAudit = consoleAuditWriter(),
) {
  const credentials = amilCredentials(serverKey);
  // A counter device (a kiosk takes no entries, so it has no amil and no block).
  const locked = async (q: SqlQuery, id: string) => {
    const [row] = await q.query<Row>(
      `select id, device_no, mosque_name, block_from, block_to, revoked_at
       from counter_device where id = $1 and kind = 'counter' for update`,
      [id],
    );
    return row;
  };
  return {
    readAmil: credentials.read,

    /**
     * The council's credential for `amil` (an officer whose roles allow counter.record) on a device,
     * from `now` for AMIL_CREDENTIAL_TTL_MS; audited. Undefined: no such device; "revoked": none.
     */
    issueAmil: (deviceId: string, amil: ConsoleActor, now: Date) =>
      sql.transaction(async (tx) => {
        const device = await locked(tx, deviceId);
        if (!device) return undefined;
        if (device.revoked_at) return "revoked" as const;
        const claims = amilClaims(amil, deviceId, now);
        const expiresAt = new Date(claims.exp * 1000).toISOString();
        await audit(tx, {
          actor: amil,
          action: "counter.amil.sign_in",
          entity: "counter_device",
          entityId: deviceId,
          before: null,
          after: { deviceNo: device.device_no, mosqueName: device.mosque_name, expiresAt },
        });
        return {
          credential: credentials.issue(claims),
          amil: { id: claims.sub, name: claims.name },
          expiresAt,
        };
      }),

    /**
     * A new block for a device, in the same series, continuing after its last one: `size` more
     * serials (its earlier ones stay its own, for entries not yet sent). Audited. Undefined: no such
     * device; "revoked" or "full" (past eight digits): none.
     */
    newBlock: (deviceId: string, size: number, actor: ConsoleActor) =>
      sql.transaction(async (tx) => {
        const device = await locked(tx, deviceId);
        if (!device) return undefined;
        if (device.revoked_at) return "revoked" as const;
        const from = Number(device.block_to) + 1;
        const to = Number(device.block_to) + size;
        if (to > MAX_SERIAL) return "full" as const;
        await tx.query("update counter_device set block_to = $2 where id = $1", [deviceId, to]);
        // The device's series stay the device's: the server never numbers in them.
        await tx.query(
          "update receipt_series set next_serial = greatest(next_serial, $2) where series = any($1::text[])",
          [deviceSeriesAll(device.device_no), to + 1],
        );
        await audit(tx, {
          actor,
          action: "counter.devices.block",
          entity: "counter_device",
          entityId: deviceId,
          before: { block: [Number(device.block_from), Number(device.block_to)] },
          after: { block: [Number(device.block_from), to], newBlock: [from, to] },
        });
        return {
          id: deviceId,
          blockFrom: Number(device.block_from),
          blockTo: to,
          newBlockFrom: from,
        };
      }),
  };
}
export type CounterDeviceActs = ReturnType<typeof counterDeviceActs>;
