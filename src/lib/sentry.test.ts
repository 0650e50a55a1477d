import { createTransport } from "@sentry/browser";
import { flush } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { captureReport, sentryOptions, startSentry } from "./sentry";

// The reporter against Sentry's own SDK with a transport that keeps each envelope instead of sending
// it: what would reach Sentry, without a Sentry server (a browser test with a capture endpoint would
// need a second build of every page with a DSN, several minutes of CI for the same assertion).
// Each envelope is newline-delimited JSON: a header, then item headers and items.
const sent: unknown[][] = [];
const capture = createTransport({ recordDroppedEvent: () => undefined }, async (request) => {
  const text =
    typeof request.body === "string" ? request.body : new TextDecoder().decode(request.body);
  sent.push(text.split("\n").map((line) => JSON.parse(line) as unknown));
  return { statusCode: 200 };
});

describe("error reporting to Sentry", () => {
  it("uses §9's sample rates: traces 100%, replays 10%, replays on error 100%", () => {
    const options = sentryOptions("https://key@sentry.example/1");
    expect(options).toMatchObject({
      dsn: "https://key@sentry.example/1",
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it("sends a report as an error of its name with the '[host] API Error: ...' message", async () => {
    startSentry("https://key@sentry.example/1", {
      transport: () => capture,
      integrations: [],
      defaultIntegrations: false,
    });
    captureReport({
      message: "[zakat.test] API Error: NRIC already registered",
      name: "ApiError",
      context: { call: "enrollDonorManuallyPreDonation", status: "409" },
    });
    await flush(2000);
    const events = sent
      .flatMap((envelope) => envelope)
      .filter(
        (item): item is { exception: { values: Array<{ type: string; value: string }> } } =>
          typeof item === "object" && item !== null && "exception" in item,
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.exception.values[0]).toMatchObject({
      type: "ApiError",
      value: "[zakat.test] API Error: NRIC already registered",
    });
    expect(events[0]).toMatchObject({
      tags: { call: "enrollDonorManuallyPreDonation", status: "409" },
    });
  });
});
