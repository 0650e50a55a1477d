import { Effect, Result, Schema } from "effect";
import { cleanPostalCode, validatePostalCode, type PortError } from "@portal/domain";
import { hasSignIn } from "./auth";
import { decode, Text } from "./decode";
import { check } from "./donor-input";
import { RequestError, success } from "./envelope";
import type { PortalConfig } from "../config";
import { callerSession, enforceLimits } from "../rate-limits/shared";
import type { Handler, HandlerServices, RequestHeaders } from "./types";

/**
 * Lookups per minute, per client address (PORTAL_ADDRESS_LOOKUPS_PER_IP, default 30) and per guest
 * session or sign-in (PORTAL_ADDRESS_LOOKUPS_PER_SESSION, default 10): a donor tries a code or two,
 * nobody may use the portal to walk OneMap's postal codes on our behalf.
 */
const limits = (config: PortalConfig) => ({
  address: {
    name: "addressLookups:ip",
    limit: config.address.lookupsPerIp,
    windowMs: 60_000,
  },
  session: {
    name: "addressLookups:session",
    limit: config.address.lookupsPerSession,
    windowMs: 60_000,
  },
});

/** A lookup's caller (a sign-in, or a live guest session) and its limits, before anything is asked. */
const guardLookup = async (
  { callers, services }: HandlerServices,
  headers: RequestHeaders,
  clientAddress: string,
): Promise<void> => {
  if (hasSignIn(headers)) await callers.identityOf(headers);
  else await callers.liveGuest(headers);
  const { address, session } = limits(services.config);
  await enforceLimits(services, [
    [address, clientAddress],
    [session, callerSession(headers)],
  ]);
};

const refusal = (error: PortError): RequestError =>
  error.code === "address.lookupOff"
    ? new RequestError(
        404,
        "Address lookup is not available. Please enter the address yourself.",
        "address.lookupOff",
      )
    : new RequestError(
        503,
        "The address service did not answer. Please enter the address yourself.",
        "address.unavailable",
      );

const LookupBody = Schema.Struct({ postalCode: Text(20) });

/**
 * lookupPostalCode: the addresses at a Singapore postal code, from OneMap (docs/api.md). A guest
 * session or a sign-in, like the other donor calls; rate limited. OneMap is called from the server so
 * that the limits hold and the browser talks to the portal alone.
 */
const lookupPostalCode =
  (given: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const { services } = given;
    await guardLookup(given, headers, clientAddress);
    const { postalCode } = decode(LookupBody, body);
    check(validatePostalCode(postalCode));
    const found = await Effect.runPromise(
      Effect.result(services.address.byPostalCode(cleanPostalCode(postalCode))),
    );
    if (Result.isFailure(found)) throw refusal(found.failure);
    return success({ data: { addresses: found.success } });
  };

const LocationBody = Schema.Struct({ latitude: Schema.Finite, longitude: Schema.Finite });

/**
 * lookupLocation: the address where the donor's device stands ("use my current location"), from
 * Google's reverse geocoding (spec §7: the first result, only when Google answers OK; §8: anything
 * else is no address). Guarded and limited like the postal-code lookup, whose budget it shares; off
 * (`404 address.lookupOff`) without PORTAL_GOOGLE_GEOCODING_KEY. The position is passed on, not kept
 * or logged.
 */
const lookupLocation =
  (given: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const { services } = given;
    await guardLookup(given, headers, clientAddress);
    const { latitude, longitude } = decode(LocationBody, body);
    const found = await Effect.runPromise(
      Effect.result(services.address.reverseGeocode(latitude, longitude)),
    );
    if (Result.isFailure(found)) {
      if (found.failure.code === "address.coordinates") {
        throw new RequestError(400, "That is not a point on Earth.", "address.coordinates");
      }
      throw refusal(found.failure);
    }
    return success({ data: { address: found.success } });
  };

export const addressHandlers = (given: HandlerServices) =>
  ({
    lookupPostalCode: lookupPostalCode(given),
    lookupLocation: lookupLocation(given),
  }) satisfies Record<string, Handler>;
