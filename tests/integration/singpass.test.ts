import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeResponse } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

let nextPort = 4620;

const PERSONA = "S9812379B";

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** The values of a form's inputs, as MockPass's consent page renders them (HTML-escaped). */
const formFields = (html: string): Record<string, string> => {
  const unescape = (text: string) =>
    text
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[match[1] ?? ""] ??= unescape(match[2] ?? "");
  }
  return fields;
};

/** Follow redirects by hand (keeping MockPass's own cookie) until one leaves MockPass. */
async function followMockpass(start: string, portalOrigin: string) {
  let url = start;
  let cookie = "";
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(portalOrigin)) return { url, cookie, html: undefined };
    const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    const set = response.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0] ?? "";
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    return { url, cookie, html: await response.text() };
  }
  throw new Error("too many redirects");
}

describe.each(testDatabases())(
  "Singpass and MyInfo enrolment against MockPass on $name",
  (database) => {
    let portal: RunningPortal;
    const redirectOrigin = () => `http://localhost:${portal.port}`;

    const call = async (name: string, body: unknown, cookie: string): Promise<Reply> => {
      const base = name === "confirmSingpassPreDonation" ? "User" : "Singpass";
      const response = await fetch(`${portal.base}/svc/donor/api/${base}/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    beforeAll(async () => {
      portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    });

    afterAll(async () => {
      await portal?.stop();
      await database.cleanup();
    });

    it("logs in with Singpass (PKCE, client assertion, encrypted ID token), reads MyInfo and enrols", async () => {
      const guest = await guestCookie(portal.base);

      const start = await call("startSingpassLogin", { lang: "en" }, guest);
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const authorize = new URL(decodeResponse("startSingpassLogin", start.body).data.url);
      expect(authorize.pathname).toBe("/singpass/v2/authorize");
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const state = authorize.searchParams.get("state") ?? "";
      expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // Singpass (MockPass logs the persona in) sends the donor back with a code and our state.
      const back = await followMockpass(authorize.toString(), redirectOrigin());
      const returned = new URL(back.url);
      expect(`${returned.origin}${returned.pathname}`).toBe(
        `${redirectOrigin()}/enrollment/singpass`,
      );
      expect(returned.searchParams.get("state")).toBe(state);
      const code = returned.searchParams.get("code") ?? "";

      // Another guest cannot use this state, and a made-up state is refused; neither spends the login.
      const stranger = await guestCookie(portal.base);
      const stolen = await call("completeSingpassLogin", { code, state }, stranger);
      expect(stolen.status).toBe(400);
      expect(stolen.body["code"]).toBe("singpass.state");
      const forged = await call("completeSingpassLogin", { code, state: "x".repeat(43) }, guest);
      expect(forged.body["code"]).toBe("singpass.state");

      const singpass = await call("completeSingpassLogin", { code, state }, guest);
      expect(singpass.status, JSON.stringify(singpass.body)).toBe(200);
      const toMyinfo = decodeResponse("completeSingpassLogin", singpass.body).data;
      expect(toMyinfo.next).toBe("myinfo");
      expect(toMyinfo.url).not.toContain(PERSONA);

      // The state is used once.
      const replay = await call("completeSingpassLogin", { code, state }, guest);
      expect(replay.body["code"]).toBe("singpass.state");

      // MyInfo: MockPass logs in again and shows its consent page; the donor allows.
      const consent = await followMockpass(toMyinfo.url, redirectOrigin());
      expect(consent.html).toContain("decision");
      const fields = formFields(consent.html ?? "");
      const allowed = await fetch(consent.url, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: consent.cookie },
        body: new URLSearchParams({ ...fields, decision: "allow" }),
      });
      expect(allowed.status).toBe(302);
      const myinfoBack = new URL(allowed.headers.get("location") ?? "");
      expect(`${myinfoBack.origin}${myinfoBack.pathname}`).toBe(
        `${redirectOrigin()}/enrollment/singpass`,
      );
      const myinfo = await call(
        "completeSingpassLogin",
        {
          code: myinfoBack.searchParams.get("code") ?? "",
          state: myinfoBack.searchParams.get("state") ?? "",
        },
        guest,
      );
      expect(myinfo.status, JSON.stringify(myinfo.body)).toBe(200);
      expect(decodeResponse("completeSingpassLogin", myinfo.body).data).toEqual({
        next: "ready",
        url: "/enrollment/singpass-update",
      });

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
        dialect: "HOKKIEN",
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
        { email: "lim.yx@example.sg", countryCode: "+65", mobile: "9739 9245" },
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
      expect(readdirSync(logs)).toContain("mockpass.log");
    });
  },
);
