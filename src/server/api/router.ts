import { apiCalls, defaultBases, type ApiCall, type ApiCallName } from "@portal/adapters";
import { RecordRefused } from "@portal/adapters/db";
import { addressHandlers } from "./address";
import { failure, refusalFailure, RequestError } from "./envelope";
import { liveUseCases } from "../app/live";
import { liveServices } from "../app/services";
import type { Services } from "../main";
import { callers } from "./auth";
import { Refused } from "../app/refused";
import { accountHandlers } from "./account";
import { assessmentHandlers } from "./assessments";
import { counterHandlers } from "./counter";
import { kioskHandlers } from "./kiosk";
import { CONFIGURATION_CALLS, configurationHandlers } from "./configuration";
import { COLLECTIONS_PATH, collectionsRequest } from "./collections";
import { paymentHandlers, STRIPE_WEBHOOK_PATH, stripeWebhook } from "./payments";
import { donorHandlers } from "./donors";
import { haulHandlers } from "./haul";
import { ledgerHandlers } from "./ledger";
import { instalmentHandlers } from "./instalments";
import { donorDataHandlers } from "./donor-data";
import { historyHandlers } from "./history";
import { householdHandlers } from "./household";
import { missedFastHandlers } from "./missed-fasts";
import { nightHandlers } from "./nights";
import { PUBLIC_CALLS, publicHandlers } from "./public";
import { recurringHandlers } from "./recurring";
import { sessionHandlers } from "./sessions";
import { signOutHandlers } from "./sign-out";
import { SINGPASS_JWKS_PATH, singpassHandlers, singpassJwks } from "./singpass";
import { socialNricHandlers } from "./social-nric";
import { statementHandlers } from "./statements";
import { verifyHandlers } from "./verify";
import { reminderHandlers, unsubscribeReminders } from "./reminders";
import { UNSUBSCRIBE_PATH } from "../reminders";
import { callerAddress } from "../rate-limits/memory";
import { InputRefused, parseJson, urlProblem } from "../input";
import { reason } from "../log";
import {
  BodyTooLarge,
  type Handler,
  type HandlerServices,
  type ServiceRequest,
  type ServiceResponse,
} from "./types";

export * from "./types";

/**
 * The calls this server answers, each handler handed once the services the composition root built,
 * the use cases over them and who calls. A call of the table without a handler is not served (404).
 */
const handlersFor = (given: HandlerServices): Partial<Record<ApiCallName, Handler>> => ({
  ...configurationHandlers(given),
  ...publicHandlers(given),
  ...sessionHandlers(given),
  ...donorHandlers(given),
  ...donorDataHandlers(given),
  ...addressHandlers(given),
  ...singpassHandlers(given),
  ...socialNricHandlers(given),
  ...signOutHandlers(given),
  ...historyHandlers(given),
  ...recurringHandlers(given),
  ...accountHandlers(given),
  ...haulHandlers(given),
  ...assessmentHandlers(given),
  ...ledgerHandlers(given),
  ...instalmentHandlers(given),
  ...statementHandlers(given),
  ...paymentHandlers(given),
  ...verifyHandlers(given),
  ...counterHandlers(given),
  ...kioskHandlers(given),
  ...reminderHandlers(given),
  ...householdHandlers(given),
  ...missedFastHandlers(given),
  ...nightHandlers(given),
});

/** Public reads that CDNs and browsers may cache: GET is accepted besides the spec's POST. */
const cacheable = new Set<string>([...CONFIGURATION_CALLS, ...PUBLIC_CALLS]);

const routes = new Map<string, ApiCall>(
  apiCalls.map((call) => [`${defaultBases[call.base]}${call.path}`.toLowerCase(), call]),
);

/** The body as JSON under the edge's rule (src/server/input.ts): well-formed text only. */
async function readBody(request: ServiceRequest): Promise<unknown> {
  const text = new TextDecoder().decode(await request.body()).trim();
  if (text === "") return undefined;
  try {
    return parseJson(text);
  } catch (error) {
    if (error instanceof InputRefused) throw new RequestError(400, error.message);
    throw error;
  }
}

/** How the portal serves one request under /svc/ (`serviceRouter`). */
export type ServiceRouter = (request: ServiceRequest) => Promise<ServiceResponse>;

/**
 * The router over the use cases and services `startPortal` built: one request at a time, as `serve`
 * asks.
 */
export function serviceRouter(services: Services): ServiceRouter {
  const app = liveUseCases(services);
  const handlers = handlersFor({
    services,
    app,
    records: liveServices(services),
    callers: callers(services, app),
  });
  return (request) => handleServiceRequest(services, handlers, request);
}

/** Serve one request under /svc/: find the call, check method and query, decode the body, run it. */
async function handleServiceRequest(
  services: Services,
  handlers: Partial<Record<ApiCallName, Handler>>,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const { url } = request;
  if (url.pathname === STRIPE_WEBHOOK_PATH) {
    try {
      return await stripeWebhook(services, request);
    } catch (error) {
      if (error instanceof BodyTooLarge) return failure(413, error.message);
      // A database failure: 500 makes Stripe deliver the event again later.
      services.log.error(
        { requestId: request.requestId },
        `[api] webhook failed: ${reason(error)}`,
      );
      services.report(error, { call: "stripeWebhook" });
      return failure(500, "Webhook not processed; deliver again.");
    }
  }
  if (url.pathname === UNSUBSCRIBE_PATH) {
    try {
      return await unsubscribeReminders(services, request);
    } catch (error) {
      if (error instanceof BodyTooLarge) return failure(413, error.message);
      services.log.error(
        { requestId: request.requestId },
        `[api] unsubscribe failed: ${reason(error)}`,
      );
      services.report(error, { call: "unsubscribeReminders" });
      return failure(500, "Something went wrong on our side; please try again.");
    }
  }
  if (url.pathname === SINGPASS_JWKS_PATH && ["GET", "HEAD"].includes(request.method)) {
    return singpassJwks(services.singpass);
  }
  if (url.pathname === COLLECTIONS_PATH) return collectionsRequest(services, request);
  const call = routes.get(url.pathname.replace(/\/+$/, "").toLowerCase());
  const handler = call && handlers[call.name as ApiCallName];
  if (!call || !handler) return failure(404, "Not found");
  // The calls whose success is status 0 (registerCognitoUser) report failure as 1.
  const failed = call.okStatus === 0 ? 1 : 0;
  const methods = cacheable.has(call.name) ? ["POST", "GET"] : [call.method];
  if (!methods.includes(request.method)) {
    return failure(405, "Method not allowed", { allow: methods.join(", ") }, undefined, failed);
  }
  for (const [name] of url.searchParams) {
    if (!call.query.includes(name)) {
      return failure(400, `Unknown query parameter: ${name}`, {}, undefined, failed);
    }
  }
  const problem = urlProblem(url);
  if (problem) return failure(400, `Invalid request: ${problem}`, {}, undefined, failed);
  try {
    const type = request.headers.get("content-type");
    // JSON only: a cross-site HTML form can send only urlencoded, multipart or plain text.
    if (request.method !== "GET" && type !== null && !/^application\/json\b/i.test(type)) {
      throw new RequestError(415, "Send the request body as application/json");
    }
    const body = request.method === "GET" ? undefined : await readBody(request);
    return await handler({
      call,
      query: url.searchParams,
      body,
      headers: request.headers,
      // One rule for every limit's address (PORTAL_TRUST_PROXY: the proxy's X-Forwarded-For entry).
      clientAddress: callerAddress(
        request.headers,
        request.remoteAddress,
        services.config.trustProxy,
      ),
    });
  } catch (error) {
    if (error instanceof RequestError) {
      return failure(error.httpStatus, error.message, error.headers, error.code, failed);
    }
    // A use case's refusal (src/server/app) or a repository's (a cancelled plan, a tax number
    // already registered): the caller's to read, its status from the edge's table (./errors.ts).
    if (error instanceof Refused || error instanceof RecordRefused) {
      return refusalFailure(error.code, error.message, failed);
    }
    if (error instanceof BodyTooLarge) return failure(413, error.message, {}, undefined, failed);
    services.log.error(
      { requestId: request.requestId },
      `[api] ${call.name} failed: ${reason(error)}`,
    );
    services.report(error, {
      call: call.name,
      ...(request.requestId ? { requestId: request.requestId } : {}),
    });
    return failure(
      500,
      "Something went wrong on our side; please try again.",
      {},
      undefined,
      failed,
    );
  }
}
