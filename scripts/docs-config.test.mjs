import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { README, withCurrentTable } from "./docs-config.mjs";
import { SETTINGS } from "../src/server/config-settings.ts";
import { readConfig } from "../src/server/config.ts";

describe("the configuration table of docs/configuration.md", () => {
  it("is the one generated from the settings the server reads (npm run docs:config)", async () => {
    const readme = readFileSync(README, "utf8");
    expect(readme).toBe(await withCurrentTable(readme));
  }, 30_000);

  it("names every setting once", () => {
    const names = SETTINGS.map((setting) => setting.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("marks as production exactly what production refuses to start without", () => {
    const production = {
      NODE_ENV: "production",
      PORTAL_PAYMENT_GATEWAY: "stripe",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      PORTAL_PUBLIC_URL: "https://giving.example.sg",
      PORTAL_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
      PORTAL_IDENTITY_ISSUER: "https://cognito-idp.ap-southeast-1.amazonaws.com/pool",
      PORTAL_IDENTITY_CLIENT_ID: "client",
    };
    expect(() => readConfig(production)).not.toThrow();
    for (const setting of SETTINGS.filter((one) => "production" in one)) {
      const without = { ...production, [setting.name]: "" };
      expect(() => readConfig(without), setting.name).toThrow(setting.name);
    }
  });
});
