// The dependency rule (README "Architecture"): the domain imports only `effect` (its tests also
// vitest and fast-check); adapters never import the app in src/; nothing imports from tests/.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

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
  let code = text;
  if (file.endsWith(".astro")) {
    const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
    const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    code = [frontmatter, ...scripts].join("\n");
  }
  const info = ts.preProcessFile(code, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Packages that only the embedded stand-ins use (devDependencies). */
const STAND_INS = ["oidc-provider", "cognito-local", "smtp-server"];

const isRelative = (spec) => spec.startsWith(".") || spec.startsWith("/");
const packageName = (spec) =>
  spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];

/** Every broken rule in the tree under `root`, as readable lines. */
export function checkTree(root) {
  const problems = [];
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
      const ships = ["src", "server", "packages"].some((dir) => inside(file, dir));
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
      if (inside(file, "packages/adapters")) {
        if ((target && inside(target, "src")) || spec.startsWith("src/")) {
          problems.push(
            `${rel}: imports "${spec}" from the app in src/; adapters never depend on the app.`,
          );
        }
      }
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
  const problems = checkTree(root);
  if (problems.length > 0) {
    console.error(`Dependency rule broken (${problems.length}):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    "Dependency rule holds: domain imports only effect; adapters never import src; nothing imports tests.",
  );
}
