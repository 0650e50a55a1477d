import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Type-check one extra file with the domain's own compiler options; returns the messages. */
function diagnosticsFor(code) {
  const configPath = path.join(root, "packages/domain/tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const file = path.join(root, "packages/domain/src/__purity_probe__.ts");
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === file ? code : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram(
    [file],
    { ...parsed.options, noEmit: true, composite: false, emitDeclarationOnly: false },
    host,
  );
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("the domain's type check forbids platform globals", () => {
  it("accepts plain ES2022 code", () => {
    expect(diagnosticsFor("export const total = [1, 2].reduce((a, b) => a + b, 0);")).toEqual([]);
  });

  it.each([
    ["window", "export const href = window.location.href;"],
    ["document", "export const title = document.title;"],
    ["localStorage", 'export const v = localStorage.getItem("x");'],
    ["process", "export const env = process.env;"],
    ["Buffer", 'export const b = Buffer.from("x");'],
  ])("rejects %s", (name, code) => {
    expect(diagnosticsFor(code).join("\n")).toContain(`'${name}'`);
  });
});

describe("the domain's type check keeps it to source Node runs as it is", () => {
  it("accepts relative imports with their .ts extension", () => {
    const code =
      'import type { Cents } from "./money.ts";\nexport { domainError } from "./errors.ts";';
    expect(diagnosticsFor(code)).toEqual([]);
  });

  // Node would not find the first three; its type stripping cannot erase the last three.
  const unresolved = "need explicit file extensions";
  const notErasable = "'erasableSyntaxOnly'";
  it.each([
    [
      "a relative import without its extension",
      'export { domainError } from "./errors";',
      unresolved,
    ],
    [
      "a type-only import without its extension",
      'import type { Cents } from "./money";',
      unresolved,
    ],
    ["a folder import", 'export * from "./zakat";', unresolved],
    ["an enum", "export enum Kind { A, B }", notErasable],
    ["a namespace", "export namespace N { export const a = 1; }", notErasable],
    [
      "a parameter property",
      "export class C { constructor(readonly code: string) {} }",
      notErasable,
    ],
  ])("rejects %s", (_name, code, message) => {
    expect(diagnosticsFor(code).join("\n")).toContain(message);
  });
});

describe("a plain Node 24 script uses the domain as it is", () => {
  // What a developer does: `node script.ts` importing @portal/domain by name. No build, no loader flag:
  // Node 24 strips the types itself, so the package must be erasable syntax with explicit extensions.
  it("prices zakat harta on savings above the nisab through @portal/domain", () => {
    const run = spawnSync(process.execPath, ["scripts/examples/price-zakat.ts"], {
      cwd: root,
      encoding: "utf8",
      // Only PATH: no NODE_OPTIONS (a loader or --experimental flag) reaches the script.
      env: { PATH: process.env.PATH ?? "" },
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      net: 1_130_000,
      nisab: 1_097_500,
      zakat: 28_250,
      hartaTotal: 28_250,
      shown: "$282.50",
    });
  });

  it("runs on Node 24, where type stripping is on by default", () => {
    expect(process.versions.node.split(".")[0]).toBe("24");
  });
});
