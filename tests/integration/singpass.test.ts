import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeResponse } from "@portal/adapters/responses";
import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type Reply, type RunningPortal } from "../support/portal";
import { singpassCall, throughStandin } from "../support/singpass";

let nextPort = 4620;

const PERSONA = "S9812379B";

describe.each(testDatabases())(
  "Singpass (FAPI 2.0) and Myinfo enrolment through the stand-in on $name",
  (database) => {
    let portal: RunningPortal;
    const redirectOrigin = () => `http://localhost:${portal.port}`;

    const call = (name: string, body: unknown, cookie: string): Promise<Reply> =>
      singpassCall(portal.base, name, body, cookie);
    /** The launcher's Singpass lines: why a login was refused, when one unexpectedly is. */
    const why = (reply: Reply) =>
      `${JSON.stringify(reply.body)}\n${portal
        .output()
        .split("\n")
        .filter((line) => line.includes("[singpass]"))
        .join("\n")}`;

    beforeAll(async () => {
      portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    });

    afterAll(async () => {
      await portal?.stop();
      await database.cleanup();
    });

    it("publishes the portal's signing and encryption public keys as a JWKS", async () => {
      const response = await fetch(`${portal.base}/svc/singpass/jwks`);
      expect(response.status).toBe(200);
      const { keys } = (await response.json()) as { keys: Array<Record<string, string>> };
      expect(keys.map((key) => [key["use"], key["alg"], key["crv"]])).toEqual([
        ["sig", "ES256", "P-256"],
        ["enc", "ECDH-ES+A256KW", "P-256"],
      ]);
      for (const key of keys) expect(key).not.toHaveProperty("d");
    });

    it("logs in on FAPI 2.0 (PAR, PKCE, DPoP, private_key_jwt, encrypted ID token and userinfo) and enrols", async () => {
      const guest = await guestCookie(portal.base);

      const start = await call("startSingpassLogin", { lang: "en" }, guest);
      expect(start.status, why(start)).toBe(200);
      const authorize = new URL(decodeResponse("startSingpassLogin", start.body).data.url);
      // PAR: the browser carries only the client id and the pushed request's URI; state, nonce and the
      // PKCE challenge went from server to server.
      expect(authorize.pathname).toBe("/auth");
      expect([...authorize.searchParams.keys()].sort()).toEqual(["client_id", "request_uri"]);
      expect(authorize.searchParams.get("request_uri")).toMatch(
        /^urn:ietf:params:oauth:request_uri:/,
      );

      // The donor picks the persona on the stand-in's login page and comes back with a code.
      const back = await throughStandin(authorize.toString());
      expect(back.loginPage).toContain("F1612347K");
      expect(`${back.url.origin}${back.url.pathname}`).toBe(
        `${redirectOrigin()}/enrollment/singpass`,
      );
      expect(back.iss).toBe(authorize.origin);
      const { code, state, iss } = back;

      // Another guest cannot use this state, and a made-up state is refused; neither spends the login.
      const stranger = await guestCookie(portal.base);
      const stolen = await call("completeSingpassLogin", { code, state, iss }, stranger);
      expect(stolen.status).toBe(400);
      expect(stolen.body["code"]).toBe("singpass.state");
      const forged = await call(
        "completeSingpassLogin",
        { code, state: "x".repeat(43), iss },
        guest,
      );
      expect(forged.body["code"]).toBe("singpass.state");

      const done = await call("completeSingpassLogin", { code, state, iss }, guest);
      expect(done.status, why(done)).toBe(200);
      expect(decodeResponse("completeSingpassLogin", done.body).data).toEqual({
        next: "ready",
        url: "/enrollment/singpass-update",
      });
      // The state is used once: the same return again is refused, whatever the code.
      const replay = await call("completeSingpassLogin", { code, state, iss }, guest);
      expect(replay.status).toBe(400);
      expect(replay.body["code"]).toBe("singpass.state");

      // The pre-filled details: the persona's, the NRIC masked; nobody else's guest sees them.
      expect((await call("getSingpassPerson", {}, stranger)).body["code"]).toBe("singpass.none");
      const person = await call("getSingpassPerson", {}, guest);
      expect(person.status).toBe(200);
      expect(JSON.stringify(person.body)).not.toContain(PERSONA);
      expect(decodeResponse("getSingpassPerson", person.body).data).toEqual({
        name: "LIM YONG XIANG",
        nricMasked: "*****379B",
        email: "myinfotesting@gmail.com",
        countryCode: "+65",
        mobile: "97399245",
        dateOfBirth: "06/10/1980",
        sex: "MALE",
        race: "CHINESE",
        nationality: "BRITISH OVERSEAS TERRITORIES CITIZEN",
        countryOfBirth: "BRITISH VIRGIN ISLANDS",
        address: {
          postalCode: "310123",
          blockNumber: "123",
          streetName: "LORONG 1 TOA PAYOH",
          buildingName: "TOA PAYOH VIEW",
          floorNo: "12",
          unitNo: "22",
          country: "SG",
        },
      });

      // A bad correction is refused with §5's message and leaves the details in place.
      const bad = await call("confirmSingpassPreDonation", { email: "not-an-email" }, guest);
      expect(bad.status).toBe(400);
      expect(bad.body["code"]).toBe("validation.email.invalid");

      const confirmed = await call(
        "confirmSingpassPreDonation",
        {
          email: "lim.yx@example.sg",
          countryCode: "+65",
          mobile: "9739 9245",
          termsVersion: TERMS_VERSION,
        },
        guest,
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(decodeResponse("confirmSingpassPreDonation", confirmed.body).data).toEqual({
        enrolmentId: 1,
        enrolment: "Singpass",
      });
      // Confirmed once: the sealed details are gone.
      expect((await call("confirmSingpassPreDonation", {}, guest)).body["code"]).toBe(
        "singpass.none",
      );

      // The guest's next donation belongs to the Singpass donor: its receipt names them.
      const created = await fetch(`${portal.base}/svc/payment/v1/donations/create`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: guest,
          "idempotency-key": crypto.randomUUID(),
        },
        body: JSON.stringify({
          flow: "ZAKAT",
          items: { harta: 5_000 },
          totalCents: 5_000,
          ratesVersion: 1,
        }),
      });
      expect(created.status).toBe(200);
      const donation = ((await created.json()) as { data: { id: string; clientSecret: string } })
        .data;
      const method = await fetch(`${portal.base}/sandbox/v1/payment_methods`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          number: "4242424242424242",
          expMonth: 12,
          expYear: 2040,
          cvc: "123",
        }),
      });
      const { id: paymentMethodId } = (await method.json()) as { id: string };
      const paid = await fetch(`${portal.base}/svc/payment/v1/donations/confirm`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: guest },
        body: JSON.stringify({
          donationId: donation.id,
          clientSecret: donation.clientSecret,
          paymentMethodId,
        }),
      });
      const receipt = (
        (await paid.json()) as { data: { receipt: { token: string }; transactionNo: string } }
      ).data;
      const receiptData = await fetch(
        `${portal.base}/svc/payment/api/Donation/getThirdPartyDonationReceiptData?transactionNo=${receipt.transactionNo}`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token: receipt.receipt.token }),
        },
      );
      const data = ((await receiptData.json()) as { data: Record<string, unknown> }).data;
      expect(data["donorName"]).toBe("LIM YONG XIANG");
      expect(data["nirc"]).toBe("*****379B");
      expect(data["donorEmail"]).toBe("lim.yx@example.sg");
    });

    it("refuses to confirm for a guest that did not log in with Singpass", async () => {
      const guest = await guestCookie(portal.base);
      const reply = await call("confirmSingpassPreDonation", { email: "a@example.sg" }, guest);
      expect(reply.status).toBe(404);
      expect(reply.body["code"]).toBe("singpass.none");
      const noSession = await call("startSingpassLogin", {}, "");
      expect(noSession.status).toBe(401);
    });

    it("keeps the NRIC out of every log", () => {
      const logs = path.join(portal.dataDir, "logs");
      for (const file of readdirSync(logs)) {
        expect(readFileSync(path.join(logs, file), "utf8"), file).not.toContain(PERSONA);
      }
      expect(portal.output()).not.toContain(PERSONA);
      expect(readdirSync(logs)).toContain("singpass.log");
    });
  },
);
