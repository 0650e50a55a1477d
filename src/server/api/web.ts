import { BodyTooLarge, MAX_BODY_BYTES, type ServiceRequest, type ServiceResponse } from "./types";

/** A Fetch API request as a service request (for the Astro route, used by `astro dev`). */
export const fromWebRequest = (
  request: Request,
  url: URL,
  remoteAddress?: string,
): ServiceRequest => ({
  method: request.method,
  remoteAddress,
  url,
  headers: request.headers,
  body: async () => {
    if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES)
      throw new BodyTooLarge();
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) throw new BodyTooLarge();
    return bytes;
  },
});

export const toWebResponse = (response: ServiceResponse): Response => {
  const headers = new Headers({ "content-type": "application/json" });
  for (const [name, value] of Object.entries(response.headers)) {
    for (const one of typeof value === "string" ? [value] : value) headers.append(name, one);
  }
  return new Response(response.body, { status: response.status, headers });
};
