import { describe, expect, it } from "vitest";
import { GUEST, ownerOf, subjectOf } from "./owner";

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${base64url({ alg: "RS256" })}.${base64url(claims)}.c2ln`;

describe("whom checkout's payment calls are made for", () => {
  it("reads the token's subject, padded or not", () => {
    expect(subjectOf(jwt({ sub: "5f0c-11", token_use: "id" }))).toBe("5f0c-11");
    // Lengths that need one and two padding characters.
    expect(subjectOf(jwt({ sub: "a" }))).toBe("a");
    expect(subjectOf(jwt({ sub: "ab" }))).toBe("ab");
    expect(subjectOf(jwt({ token_use: "id" }))).toBeUndefined();
    expect(subjectOf("not a token")).toBeUndefined();
    expect(subjectOf("a.%%%.c")).toBeUndefined();
  });

  it("a bridge's header names the signed-in donor; none is the guest", () => {
    const token = jwt({ sub: "donor-1" });
    expect(ownerOf({ authorization: `Bearer ${token}` })).toEqual({
      headers: { authorization: `Bearer ${token}` },
      key: "donor-1",
    });
    expect(ownerOf({})).toBe(GUEST);
    expect(ownerOf({ authorization: "Basic abc" })).toBe(GUEST);
    expect(GUEST.headers).toEqual({});
  });

  it("a token without a subject still makes the call the signed-in donor's, never a stored token", () => {
    const owner = ownerOf({ authorization: "Bearer opaque" });
    expect(owner.headers).toEqual({ authorization: "Bearer opaque" });
    expect(owner.key).toBe("signed-in");
  });
});
