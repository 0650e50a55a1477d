import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { trackedFiles } from "./lib/source-files.mjs";

// Issue 31's house rule: services are passed, not fetched. The composition root
// (src/server/main.ts, `buildServices`) makes every service once at start; the router hands them to
// each handler (`HandlerServices`); nothing looks one up later. Checked on every file git knows, so a
// module-level root, a lazy locator or a handler that makes its own database cannot quietly come back.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const tracked = () => trackedFiles(root);

const TEST = /(\.test\.|\.spec\.)/;
/** The server's modules: what the web server and the services bundle load. */
const SERVER = /^(src\/server|server)\/.*\.(ts|mts|mjs)$/;
/**
 * Modules that run as their own process's entry, where module state is the process's: the PreSignUp
 * Lambda keeps its repository between invocations of one warm container.
 */
const OWN_ENTRY = new Set(["src/server/identity-provider/pre-sign-up-lambda.ts"]);

/**
 * Module-level state of a server module: `let`/`var` declarations outside any function (a root, a
 * service made on first use, a cache shared by whoever imports the module).
 */
export function moduleState(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const flags = statement.declarationList.flags;
    if (flags & ts.NodeFlags.Const) continue;
    for (const declaration of statement.declarationList.declarations) {
      const { line } = source.getLineAndCharacterOfPosition(declaration.getStart());
      found.push(`${fileName}:${line + 1} ${declaration.name.getText(source)}`);
    }
  }
  return found;
}

/** The modules that make services; a handler is handed them (`HandlerServices`), never imports them. */
const MAKERS = new Set([
  "main",
  "database",
  "records",
  "payments",
  "mail",
  "standins",
  "secrets",
  "finance",
  "identity",
  "address",
  "site",
  "console/setup",
  "console/use-cases",
]);
/** Plain functions of those modules that make nothing (a handler may call them). */
const PURE = new Map([
  ["singpass", new Set(["redirectUriFor"])],
  ["receipt-mail", new Set(["publicUrlOf"])],
]);
/** src/server/api's modules that are not handlers: the web server's entry and the router. */
const NOT_HANDLERS = new Set(["src/server/api/node.ts", "src/server/api/router.ts"]);

/**
 * A handler module's value imports of service-making modules (type imports are fine: a handler names
 * what it is handed).
 */
export function serviceImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const dir = path.posix.dirname(fileName);
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const spec = statement.moduleSpecifier.text;
    if (!spec.startsWith(".")) continue;
    const target = path.posix.relative("src/server", path.posix.join(dir, spec));
    const pure = PURE.get(target);
    if (!MAKERS.has(target) && !pure) continue;
    const bindings = statement.importClause?.namedBindings;
    const names =
      bindings && ts.isNamedImports(bindings)
        ? bindings.elements.filter((element) => !element.isTypeOnly).map((e) => e.name.text)
        : ["*"];
    for (const name of names) {
      if (pure?.has(name)) continue;
      found.push(`${fileName}: ${name} from ${spec}`);
    }
  }
  return found;
}

/** Console routes anyone may call: signing in and out of the session, and the session itself. */
const CONSOLE_OPEN = new Set([
  "src/server/console/routes/sign-in.ts",
  "src/server/console/routes/callback.ts",
  "src/server/console/routes/api/session.ts",
]);

/**
 * A console route module's ways around the router's officer: an exported method not declared with
 * the action its officer's role must allow (`forOfficer`), or a call that resolves the officer itself.
 */
export function officerResolvedHere(fileName, text) {
  const found = [];
  for (const [, method, rest] of text.matchAll(
    /^export const (GET|POST|PUT|PATCH|DELETE)\b[^=]*= (.*)$/gm,
  )) {
    if (!rest.startsWith("forOfficer(")) found.push(`${fileName}: ${method} without forOfficer`);
  }
  for (const [name] of text.matchAll(/\b(requireOfficer|currentSession|checkOfficer)\(/g)) {
    found.push(`${fileName}: calls ${name.slice(0, -1)}`);
  }
  return found;
}

describe("services are passed from one root, not fetched", () => {
  it("no server module keeps module-level state (a root, a service made on first use)", () => {
    const found = tracked()
      .filter((file) => SERVER.test(file) && !TEST.test(file) && !OWN_ENTRY.has(file))
      .flatMap((file) => moduleState(file, readFileSync(path.join(root, file), "utf8")));
    expect(found).toEqual([]);
  });

  it("no handler imports a service-making module: its services arrive as parameters", () => {
    const handlers = tracked().filter(
      (file) =>
        /^src\/server\/api\/[^/]+\.ts$/.test(file) && !TEST.test(file) && !NOT_HANDLERS.has(file),
    );
    expect(handlers.length).toBeGreaterThan(10);
    const found = handlers.flatMap((file) =>
      serviceImports(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("every handler module's handlers are made from the services the router hands them", () => {
    const exported = tracked()
      .filter((file) => /^src\/server\/api\/[^/]+\.ts$/.test(file) && !TEST.test(file))
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), "utf8");
        return [...text.matchAll(/^export const (\w+Handlers) = (.*)$/gm)].map(
          ([, name, rest]) => ({ file, name, rest }),
        );
      });
    expect(exported.length).toBeGreaterThan(10);
    const plain = exported.filter(
      ({ rest }) => !/^\((\w+|\{[^}]*\}): HandlerServices\b/.test(rest),
    );
    expect(plain.map(({ file, name }) => `${file}: ${name}`)).toEqual([]);
  });

  it("the console's router resolves the officer for the action each route declares", () => {
    const routes = tracked().filter(
      (file) =>
        /^src\/server\/console\/routes\/.*\.ts$/.test(file) &&
        !TEST.test(file) &&
        !CONSOLE_OPEN.has(file),
    );
    expect(routes.length).toBeGreaterThan(15);
    const found = routes.flatMap((file) =>
      officerResolvedHere(file, readFileSync(path.join(root, file), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("the checks find what they look for", () => {
    expect(
      officerResolvedHere(
        "src/server/console/routes/api/x.ts",
        [
          'export const GET: ConsoleRoute = forOfficer("rates.view", (_, call) => perform(call, x()));',
          "export const POST: ConsoleRoute = async (context) => {",
          '  const call = await requireOfficer(context, "rates.draft");',
        ].join("\n"),
      ),
    ).toEqual([
      "src/server/console/routes/api/x.ts: POST without forOfficer",
      "src/server/console/routes/api/x.ts: calls requireOfficer",
    ]);
    expect(
      moduleState(
        "src/server/x.ts",
        "let current: Root | undefined;\nconst fine = 1;\nfunction f() { let inner = 2; return inner; }",
      ),
    ).toEqual(["src/server/x.ts:1 current"]);
    expect(
      serviceImports(
        "src/server/api/x.ts",
        [
          'import { database } from "../database";',
          'import type { Services } from "../main";',
          'import { redirectUriFor, singpassSetupOf } from "../singpass";',
          'import { decode } from "./decode";',
        ].join("\n"),
      ),
    ).toEqual([
      "src/server/api/x.ts: database from ../database",
      "src/server/api/x.ts: singpassSetupOf from ../singpass",
    ]);
  });
});
