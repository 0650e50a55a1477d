// The dependency rule (README "Architecture"): the domain imports only `effect` (its tests also
// vitest and fast-check); adapters and the stand-ins never import the app in src/; nothing imports from
// tests/; shipped code reaches the stand-ins package (`@portal/standins`) only through its one switch,
// src/server/standins.ts, and that file only loads it on demand (`await import`) or names its types;
// the adapters' test helpers (`@portal/adapters/testing`) are imported by tests alone; and each layer
// of the app keeps to its folder allow-list (scripts/lib/layers.mjs: handlers never import
// repositories, use cases only the domain and effect, pages never the server).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { codeOf, LAYER_EXCEPTIONS, layerProblems } from "./lib/layers.mjs";

const sourceExtensions = new Set([".ts", ".tsx", ".mts", ".js", ".mjs", ".jsx", ".astro"]);
const skipDirs = new Set([
  "node_modules",
  "dist",
  ".astro",
  ".data",
  ".tsbuild",
  ".git",
  "reports",
  "test-results",
  "playwright-report",
]);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skipDirs.has(entry.name)) yield* walk(path.join(dir, entry.name));
    } else if (sourceExtensions.has(path.extname(entry.name))) {
      yield path.join(dir, entry.name);
    }
  }
}

/** The module specifiers a file imports, statically or dynamically. */
export function importsOf(file, text) {
  const info = ts.preProcessFile(codeOf(file, text), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Packages that only the embedded stand-ins use (devDependencies). */
const STAND_INS = ["oidc-provider", "cognito-local", "smtp-server"];

/** The stand-ins' package (development and tests only) and the one shipped file that may load it. */
const STANDINS_PACKAGE = "@portal/standins";
const STANDINS_SWITCH = "src/server/standins.ts";

/** A static import of the stand-ins that loads them (type-only imports and `import()` do not). */
const loadsStandinsStatically = (text) =>
  /^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s*["']@portal\/standins(?:\/[^"']*)?["']/m.test(
    text,
  ) || /^\s*import\s*["']@portal\/standins(?:\/[^"']*)?["']/m.test(text);

/** The adapters' test helpers: their entry and their folder, which no production file imports. */
const TESTING_ENTRY = "@portal/adapters/testing";
const TESTING_DIR = "packages/adapters/src/testing";

const isRelative = (spec) => spec.startsWith(".") || spec.startsWith("/");
const packageName = (spec) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];

/**
 * Every broken rule in the tree under `root`, as readable lines. `exceptions`: the imports the layer
 * rules let stand for now (scripts/lib/layers.mjs `LAYER_EXCEPTIONS` for the project; none for a
 * fixture); one that no longer happens is reported, so the list only shrinks.
 */
export function checkTree(root, exceptions = []) {
  const problems = [];
  const usedExceptions = new Set();
  const inside = (file, dir) => !path.relative(path.join(root, dir), file).startsWith("..");
  for (const file of walk(root)) {
    const rel = path.relative(root, file);
    const text = readFileSync(file, "utf8");
    for (const spec of importsOf(file, text)) {
      const target = isRelative(spec) ? path.resolve(path.dirname(file), spec) : undefined;
      if (target && inside(target, "tests") && !inside(file, "tests")) {
        problems.push(
          `${rel}: imports "${spec}" from tests/; nothing outside tests/ may import test code.`,
        );
      }
      // Stand-ins (the Singpass stand-in on oidc-provider) are dev and test only: what ships never
      // imports them. They are devDependencies, absent from a production install.
      const ships = ["src", "packages"].some((dir) => inside(file, dir));
      const isTestFile = /\.test\.[cm]?[jt]sx?$/.test(file);
      if (
        ships &&
        !isTestFile &&
        ((!target && STAND_INS.includes(packageName(spec))) ||
          (target && inside(target, "scripts/services")))
      ) {
        problems.push(
          `${rel}: imports "${spec}", a stand-in; stand-ins are for development and tests only.`,
        );
      }
      // Test helpers (the Stripe recorder) live behind `@portal/adapters/testing`: only tests use them.
      const testing =
        (!target && (spec === TESTING_ENTRY || spec.startsWith(`${TESTING_ENTRY}/`))) ||
        (target !== undefined && inside(target, TESTING_DIR));
      if (testing && ships && !isTestFile && !inside(file, TESTING_DIR)) {
        problems.push(
          `${rel}: imports "${spec}", the adapters' test helpers (${TESTING_ENTRY}); only tests may.`,
        );
      }
      const standins =
        (!target && packageName(spec) === STANDINS_PACKAGE) ||
        (target !== undefined && inside(target, "packages/standins"));
      if (
        standins &&
        ships &&
        !isTestFile &&
        !inside(file, "packages/standins") &&
        rel.split(path.sep).join("/") !== STANDINS_SWITCH
      ) {
        problems.push(
          `${rel}: imports "${spec}", the stand-ins; only ${STANDINS_SWITCH} may load them (development and tests only).`,
        );
      }
      if (inside(file, "packages/domain")) {
        const isTest = /\.test\.ts$/.test(file);
        const allowed = isTest ? ["effect", "vitest", "fast-check"] : ["effect"];
        if (target) {
          if (!inside(target, "packages/domain")) {
            problems.push(
              `${rel}: imports "${spec}", outside packages/domain; the domain stands alone.`,
            );
          }
        } else if (!allowed.includes(packageName(spec))) {
          problems.push(
            `${rel}: imports "${spec}"; packages/domain may import only ${allowed.join(", ")} (no React, no Node, no browser).`,
          );
        }
      }
      for (const dir of ["packages/adapters", "packages/standins"]) {
        if (inside(file, dir) && ((target && inside(target, "src")) || spec.startsWith("src/"))) {
          problems.push(
            `${rel}: imports "${spec}" from the app in src/; ${dir} never depends on the app.`,
          );
        }
      }
    }
    if (!/\.test\.[cm]?[jt]sx?$/.test(file)) {
      problems.push(...layerProblems(root, file, text, exceptions, usedExceptions));
    }
    if (rel.split(path.sep).join("/") === STANDINS_SWITCH && loadsStandinsStatically(text)) {
      problems.push(
        `${rel}: imports ${STANDINS_PACKAGE} statically; the switch loads it only on demand (await import), so production never does.`,
      );
    }
  }
  for (const exception of exceptions) {
    if (!usedExceptions.has(exception)) {
      problems.push(
        `${exception}: an exception to the layer rules that no longer happens; remove it from LAYER_EXCEPTIONS (scripts/lib/layers.mjs), which only shrinks.`,
      );
    }
  }
  const domainPackage = JSON.parse(
    readFileSync(path.join(root, "packages/domain/package.json"), "utf8"),
  );
  const deps = Object.keys({ ...domainPackage.dependencies, ...domainPackage.peerDependencies });
  if (deps.some((dep) => dep !== "effect")) {
    problems.push(
      `packages/domain/package.json: depends on ${deps.join(", ")}; the domain depends on effect alone.`,
    );
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const problems = checkTree(root, LAYER_EXCEPTIONS);
  if (problems.length > 0) {
    console.error(`Dependency rule broken (${problems.length}):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `Dependency rule holds: domain imports only effect; adapters never import src; nothing imports tests; only src/server/standins.ts loads the stand-ins; only tests import @portal/adapters/testing; handlers, use cases and pages keep to their layers (${LAYER_EXCEPTIONS.length} exceptions left).`,
  );
}
