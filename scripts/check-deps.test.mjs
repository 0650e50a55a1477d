import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkTree, importsOf } from "./check-deps.mjs";
import { LAYER_EXCEPTIONS, importRecordsOf } from "./lib/layers.mjs";

/** A throwaway tree with the project's layout and the given files. */
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), "deps-"));
  const all = {
    "packages/domain/package.json": JSON.stringify({ dependencies: { effect: "4.1.0" } }),
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("dependency rule", () => {
  it("accepts a domain that imports only effect and its own files", () => {
    const root = tree({
      "packages/domain/src/a.ts": 'import { Effect } from "effect";\nimport { b } from "./b";',
      "packages/domain/src/b.ts": 'export const b = 1; import { Schema } from "effect/Schema";',
      "packages/domain/src/a.test.ts": 'import { it } from "vitest"; import fc from "fast-check";',
    });
    expect(checkTree(root)).toEqual([]);
  });

  it("rejects a domain file that imports react, a Node module or another package", () => {
    const root = tree({
      "packages/domain/src/a.ts": 'import React from "react";',
      "packages/domain/src/b.ts": 'import { readFileSync } from "node:fs";',
      "packages/domain/src/c.ts": 'const x = await import("../../adapters/src/db");',
    });
    const problems = checkTree(root);
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toMatch(/a\.ts: imports "react"/);
    expect(problems.join("\n")).toMatch(/b\.ts: imports "node:fs"/);
    expect(problems.join("\n")).toMatch(/c\.ts: imports "\.\.\/\.\.\/adapters\/src\/db", outside/);
  });

  it("rejects a test library in domain code that is not a test", () => {
    const root = tree({ "packages/domain/src/a.ts": 'import { it } from "vitest";' });
    expect(checkTree(root)).toHaveLength(1);
  });

  it("rejects shipped code that imports a stand-in; the launcher and tests may", () => {
    const root = tree({
      "src/server/a.ts": 'import Provider from "oidc-provider";',
      "packages/adapters/src/b.ts":
        'import { x } from "../../../scripts/services/singpass-standin.mjs";',
      "scripts/services/singpass-standin.mjs": 'import Provider from "oidc-provider";',
      "tests/integration/c.test.ts": 'import Provider from "oidc-provider";',
    });
    const problems = checkTree(root);
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/src\/server\/a\.ts: imports "oidc-provider", a stand-in/);
    expect(problems.join("\n")).toMatch(/b\.ts: imports ".*singpass-standin\.mjs", a stand-in/);
  });

  it("lets shipped code reach the stand-ins package only through src/server/standins.ts, on demand", () => {
    const root = tree({
      // The switch: types, and the package loaded when a stand-in is asked for.
      "src/server/standins.ts":
        'import type { Standins } from "@portal/standins";\nconst load = () => import("@portal/standins");',
      // Anywhere else in what ships: refused, by name or by path.
      "src/server/payments.ts": 'import { createSandbox } from "@portal/standins";',
      "src/pages/api/a.ts": 'const s = await import("@portal/standins");',
      "packages/adapters/src/b.ts": 'import { x } from "../../standins/src/index";',
      "src/server/http/serve.ts": 'import { startStandins } from "@portal/standins";',
      // The package itself, tests and the launcher's scripts may.
      "packages/standins/src/index.ts": 'import { y } from "./payments/sandbox";',
      "packages/standins/src/payments/sandbox.ts": "export const y = 1;",
      "tests/integration/c.test.ts": 'import { migrateStandins } from "@portal/standins";',
      "scripts/d.mjs": 'import { startStandins } from "@portal/standins";',
    });
    const problems = checkTree(root);
    expect(problems).toHaveLength(4);
    for (const file of [
      "src/server/payments.ts",
      "src/pages/api/a.ts",
      "b.ts",
      "src/server/http/serve.ts",
    ]) {
      expect(problems.join("\n")).toContain(file);
    }
    expect(problems.join("\n")).toMatch(/only src\/server\/standins\.ts may load them/);
  });

  it("keeps the adapters' test helpers (@portal/adapters/testing) out of production code", () => {
    const root = tree({
      // Production: by the package's entry, by a path into the folder, statically or on demand.
      "src/server/api/payments.ts": 'import { stripeRecorder } from "@portal/adapters/testing";',
      "src/pages/a.astro": '---\nconst t = await import("@portal/adapters/testing");\n---\n<p />',
      "packages/adapters/src/payments/stripe.ts":
        'import { stripeRecorder } from "../testing/stripe-recorder";',
      // Tests may, and the helpers' own folder may import itself.
      "packages/adapters/src/testing/index.ts":
        'export { stripeRecorder } from "./stripe-recorder";',
      "packages/adapters/src/payments/stripe.test.ts":
        'import { stripeRecorder } from "../testing";',
      "tests/integration/stripe.test.ts":
        'import { stripeRecorder } from "@portal/adapters/testing";',
      "src/server/app/pay.test.ts": 'import { stripeRecorder } from "@portal/adapters/testing";',
    });
    const problems = checkTree(root);
    expect(problems).toHaveLength(3);
    for (const file of [
      "src/server/api/payments.ts",
      "src/pages/a.astro",
      "packages/adapters/src/payments/stripe.ts",
    ]) {
      expect(problems.join("\n")).toContain(`${file}: imports`);
    }
    expect(problems.join("\n")).toMatch(/the adapters' test helpers/);
  });

  it("refuses a static import of the stand-ins even in the switch, and the stand-ins importing the app", () => {
    const root = tree({
      "src/server/standins.ts": 'import { startStandins } from "@portal/standins";',
      "packages/standins/src/a.ts": 'import { database } from "../../../src/server/database";',
    });
    const problems = checkTree(root);
    expect(problems).toHaveLength(2);
    expect(problems.join("\n")).toMatch(/standins\.ts: imports @portal\/standins statically/);
    expect(problems.join("\n")).toMatch(/packages\/standins never depends on the app/);
  });

  it("rejects adapters that import the app, and anything that imports tests", () => {
    const root = tree({
      "packages/adapters/src/http/client.ts": 'import { x } from "../../../../src/stores/x";',
      "src/pages/a.astro": '---\nimport { helper } from "../../tests/helpers";\n---\n<p>hi</p>',
      "tests/e2e/ok.spec.ts": 'import { helper } from "../helpers";',
    });
    const problems = checkTree(root);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/packages\/adapters never depends on the app/);
    expect(problems[1]).toMatch(/nothing outside tests\/ may import test code/);
  });

  describe("folder allow-lists", () => {
    it("keeps handlers off the repositories: the database package, the database module, the records", () => {
      const root = tree({
        "src/server/api/donors.ts":
          'import { donors } from "@portal/adapters/db";\nimport type { DonorView } from "@portal/adapters/db";',
        "src/server/api/history.ts": 'import { historyRecords } from "../records";',
        "src/pages/console/api/audit.ts": 'import { database } from "../../../server/database";',
        // A type-only import loads nothing; the composition root builds the database.
        "src/server/api/statements.ts": 'import type { DonorView } from "@portal/adapters/db";',
        "src/server/api/node.ts": 'import { closeDatabase, database } from "../database";',
      });
      const problems = checkTree(root);
      expect(problems).toHaveLength(3);
      for (const file of [
        "src/server/api/donors.ts",
        "src/server/api/history.ts",
        "src/pages/console/api/audit.ts",
      ]) {
        expect(problems.join("\n")).toContain(`${file}: imports`);
      }
      expect(problems.join("\n")).toMatch(/handlers never import repositories/);
    });

    it("lets use cases import only the domain, effect and their own folder; the wiring may more", () => {
      const root = tree({
        "src/server/app/give.ts":
          'import { Effect } from "effect";\nimport { Schema } from "effect/Schema";\nimport { fundOf } from "@portal/domain";\nimport { Records } from "./ports";\nimport type { DonationView } from "@portal/adapters/db";',
        "src/server/app/refund.ts": 'import { DonationNotFound } from "@portal/adapters/db";',
        "src/server/app/mail.ts": 'import { database } from "../database";',
        "src/server/app/clock.ts": 'import { randomUUID } from "node:crypto";',
        "src/server/app/live.ts": 'import { database } from "../database";',
      });
      const problems = checkTree(root);
      expect(problems).toHaveLength(3);
      for (const file of ["refund.ts", "mail.ts", "clock.ts"]) {
        expect(problems.join("\n")).toContain(`src/server/app/${file}: imports`);
      }
      expect(problems.join("\n")).toMatch(/use cases import only the domain, effect/);
    });

    it("keeps pages, components, browser helpers and stores off the server and the database, types too", () => {
      const root = tree({
        "src/pages/[...lang]/a.astro":
          '---\nimport { config } from "../../server/root";\n---\n<p />',
        "src/components/B.tsx": 'import type { Portal } from "../server/api/node";',
        "src/lib/c.ts": 'import { seedContact } from "@portal/adapters/db";',
        "src/stores/d.ts":
          'import { atom } from "nanostores";\nimport { fundOf } from "@portal/domain";',
        // An Astro API route is a handler, not a page: it may call the server's services.
        "src/pages/api/e.ts": 'import { consoleServices } from "../../server/console/services";',
      });
      const problems = checkTree(root);
      expect(problems).toHaveLength(3);
      for (const file of ["src/pages/[...lang]/a.astro", "src/components/B.tsx", "src/lib/c.ts"]) {
        expect(problems.join("\n")).toContain(`${file}: imports`);
      }
      expect(problems.join("\n")).toMatch(/never import the server/);
    });

    it("lets a listed exception stand, and reports one that no longer happens", () => {
      const root = tree({ "src/server/api/a.ts": 'import { donorRecords } from "../records";' });
      expect(checkTree(root, ["src/server/api/a.ts -> src/server/records"])).toEqual([]);
      const stale = checkTree(root, [
        "src/server/api/a.ts -> src/server/records",
        "src/server/api/b.ts -> src/server/database",
      ]);
      expect(stale).toHaveLength(1);
      expect(stale[0]).toMatch(
        /^src\/server\/api\/b\.ts -> src\/server\/database: .*no longer happens/,
      );
    });

    it("has an exception list that only shrinks (24 when the rule was written, 11 once handlers were handed their services)", () => {
      expect(LAYER_EXCEPTIONS.length).toBeLessThanOrEqual(11);
      expect(new Set(LAYER_EXCEPTIONS).size).toBe(LAYER_EXCEPTIONS.length);
    });

    it("tells type-only imports from those that load a module", () => {
      const text = [
        'import type { A } from "a";',
        'import { type B, type C } from "b";',
        'import { type D, e } from "d";',
        'import "side-effect";',
        'export type { F } from "f";',
        'export { g } from "g";',
        'const h = await import("h");',
        'let i: import("i").I;',
      ].join("\n");
      expect(importRecordsOf("x.ts", text)).toEqual([
        { spec: "a", typeOnly: true },
        { spec: "b", typeOnly: true },
        { spec: "d", typeOnly: false },
        { spec: "side-effect", typeOnly: false },
        { spec: "f", typeOnly: true },
        { spec: "g", typeOnly: false },
        { spec: "h", typeOnly: false },
        { spec: "i", typeOnly: true },
      ]);
    });
  });

  it("rejects a domain package.json that depends on more than effect", () => {
    const root = tree({
      "packages/domain/package.json": JSON.stringify({
        dependencies: { effect: "4.1.0", react: "19.3.1" },
      }),
    });
    expect(checkTree(root)).toEqual([
      "packages/domain/package.json: depends on effect, react; the domain depends on effect alone.",
    ]);
  });

  it("reads imports from Astro frontmatter and scripts", () => {
    const text =
      '---\nimport A from "./A.astro";\n---\n<div />\n<script>import "./client";</script>';
    expect(importsOf("x.astro", text)).toEqual(["./A.astro", "./client"]);
  });
});
