import { createSign } from "node:crypto";
import { compactDecrypt, compactVerify, importPKCS8, importX509, jwtVerify } from "jose";
import { randomToken } from "./pkce";
import { SingpassError } from "./oidc";
import { personFromMyInfo, type MyInfoPerson } from "./person";

/** The portal as a MyInfo v3 client: signed requests (PKI), an encrypted and signed person. */
export interface MyInfoConfig {
  /** e.g. `https://api.myinfo.gov.sg/com/v3` (MockPass: `http://127.0.0.1:<port>/myinfo/v3`). */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  /** The portal's RSA private key (PKCS#8 PEM): signs requests, decrypts the person. */
  readonly privateKeyPem: string;
  /** MyInfo's X.509 certificate (PEM): verifies its access tokens and the person's signature. */
  readonly certificatePem: string;
  readonly purpose: string;
}

/** The MyInfo attributes the enrolment pre-fills (spec §3's profile). */
export const MYINFO_ATTRIBUTES = [
  "uinfin",
  "name",
  "sex",
  "race",
  "nationality",
  "dob",
  "email",
  "mobileno",
  "regadd",
  "birthcountry",
  "dialect",
] as const;

/** Where the donor gives consent to share their MyInfo data with the portal. */
export function authoriseUrl(config: MyInfoConfig, state: string): string {
  const url = new URL(`${config.baseUrl.replace(/\/+$/, "")}/authorise`);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    attributes: MYINFO_ATTRIBUTES.join(","),
    purpose: config.purpose,
    state,
    redirect_uri: config.redirectUri,
  }).toString();
  return url.toString();
}

/**
 * MyInfo v3's `PKI_SIGN` header: RS256 over `METHOD&url&sorted params` (query, form body and the
 * header's own fields), the parameters unescaped as MyInfo documents.
 */
export function pkiAuthorization(
  config: MyInfoConfig,
  method: "GET" | "POST",
  url: string,
  params: Readonly<Record<string, string>>,
  nowMs: number,
): string {
  const header = {
    app_id: config.clientId,
    nonce: randomToken(),
    signature_method: "RS256",
    timestamp: String(nowMs),
  };
  const all = { ...params, ...header };
  const sorted = Object.entries(all)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  const signature = createSign("RSA-SHA256")
    .update(`${method}&${url}&${sorted}`)
    .sign(config.privateKeyPem, "base64");
  return `PKI_SIGN timestamp="${header.timestamp}",nonce="${header.nonce}",app_id="${header.app_id}",signature_method="RS256",signature="${signature}"`;
}

/**
 * Exchange MyInfo's authorization code, then read, decrypt and verify the person. The access token's
 * subject must be the NRIC Singpass verified for this guest: MyInfo must not hand over someone else.
 */
export async function fetchPerson(
  config: MyInfoConfig,
  request: { readonly code: string; readonly state: string; readonly expectedNric: string },
  fetchImpl: typeof fetch = fetch,
): Promise<MyInfoPerson> {
  const base = config.baseUrl.replace(/\/+$/, "");
  const certificate = await importX509(config.certificatePem, "RS256");
  const tokenUrl = `${base}/token`;
  const form = {
    grant_type: "authorization_code",
    code: request.code,
    redirect_uri: config.redirectUri,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    state: request.state,
  };
  const tokenResponse = await fetchImpl(tokenUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "cache-control": "no-cache",
      authorization: pkiAuthorization(config, "POST", tokenUrl, form, Date.now()),
    },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(10_000),
  });
  if (!tokenResponse.ok) throw new SingpassError(`myinfo token ${tokenResponse.status}`);
  const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: unknown };
  if (typeof accessToken !== "string") throw new SingpassError("myinfo token response");
  let subject: string | undefined;
  try {
    ({
      payload: { sub: subject },
    } = await jwtVerify(accessToken, certificate, { algorithms: ["RS256"], clockTolerance: 5 }));
  } catch {
    throw new SingpassError("myinfo access token");
  }
  if (subject?.toUpperCase() !== request.expectedNric) throw new SingpassError("myinfo subject");

  // MyInfo v3 names the person in the path; this request goes only from server to MyInfo.
  const personUrl = `${base}/person/${encodeURIComponent(request.expectedNric)}/`;
  const query = {
    client_id: config.clientId,
    attributes: MYINFO_ATTRIBUTES.join(","),
  };
  const pki = pkiAuthorization(config, "GET", personUrl, query, Date.now());
  const personResponse = await fetchImpl(`${personUrl}?${new URLSearchParams(query)}`, {
    headers: { authorization: `${pki},Bearer ${accessToken}`, "cache-control": "no-cache" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!personResponse.ok) throw new SingpassError(`myinfo person ${personResponse.status}`);
  const jwe = (await personResponse.text()).trim().replace(/^"|"$/g, "");
  let person: MyInfoPerson | undefined;
  try {
    const privateKey = await importPKCS8(config.privateKeyPem, "RSA-OAEP");
    const { plaintext } = await compactDecrypt(jwe, privateKey, {
      keyManagementAlgorithms: ["RSA-OAEP", "RSA-OAEP-256"],
      contentEncryptionAlgorithms: ["A256GCM", "A128GCM", "A256CBC-HS512"],
    });
    const { payload } = await compactVerify(new TextDecoder().decode(plaintext), certificate, {
      algorithms: ["RS256"],
    });
    person = personFromMyInfo(JSON.parse(new TextDecoder().decode(payload)));
  } catch {
    throw new SingpassError("myinfo person");
  }
  if (person === undefined || person.nric !== request.expectedNric) {
    throw new SingpassError("myinfo person subject");
  }
  return person;
}
