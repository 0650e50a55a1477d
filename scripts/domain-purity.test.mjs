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
