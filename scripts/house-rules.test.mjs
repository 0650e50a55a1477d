import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { calleeName, trackedFiles } from "./lib/source-files.mjs";

// Two of the house's rules (issue 17), checked on every file git knows so they cannot quietly come
// back: no source file over 400 lines, and no timer started when a module is imported (the loops
// start in `startPortal`, the composition root, and stop in its `close`).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The product's sources: code and styles, not tests (`*.test.*`, `*.spec.*`, tests/), not data. */
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs|astro|css)$/;
const TEST = /(\.test\.|\.spec\.|^tests\/|\/test-support\/)/;
/** Generated files, kept in git but written by a tool: none today; list them here when one is. */
const GENERATED = new Set([]);
const MAX_LINES = 400;

const tracked = () => trackedFiles(root);

const sources = () =>
  tracked().filter((file) => SOURCE.test(file) && !TEST.test(file) && !GENERATED.has(file));

const linesOf = (text) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** Code that runs at import: the modules the server and the pages load. */
const MODULE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORTED = /^(src|packages\/[^/]+\/src)\//;
const TIMERS = new Set(["setInterval", "setTimeout", "setImmediate"]);
const TIMER_NAMED = /\bset(Interval|Timeout|Immediate)\b/;

/**
 * The timers a module starts when it is imported: calls of setInterval, setTimeout or setImmediate
 * (also as `globalThis.setInterval`, `timers.setInterval`) that no function encloses, including one
 * in an arrow or function called where it is written (an IIFE).
 */
export function importTimeTimers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  /** A function expression called where it is written: `(() => ...)()`, `(function () {...})()`. */
  const isIife = (fn) => {
    const callee = ts.isParenthesizedExpression(fn.parent) ? fn.parent : fn;
    return ts.isCallExpression(callee.parent) && callee.parent.expression === callee;
  };
  const runsAtImport = (node) => {
    for (let at = node.parent; at; at = at.parent) {
      // A function runs when it is called (an IIFE: where it is written); a class's members later.
      if (
        ts.isFunctionLike(at) &&
        !((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && isIife(at))
      )
        return false;
      if (ts.isClassLike(at)) return false;
    }
    return true;
  };
  const visit = (node) => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name && TIMERS.has(name) && runsAtImport(node)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${fileName}:${line + 1} ${name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the house's rules", () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: linesOf(readFileSync(path.join(root, file), "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it("starts no timer when a module is imported", () => {
    const files = sources().filter((file) => MODULE.test(file) && IMPORTED.test(file));
    expect(files.length).toBeGreaterThan(100);
    const timers = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      // Only a file that names a timer can start one: the others need no parse.
      return TIMER_NAMED.test(text) ? importTimeTimers(file, text) : [];
    });
    expect(timers).toEqual([]);
    // It reads the whole tree: on a loaded machine that takes longer than a unit test's default.
  }, 60_000);

  it("finds a timer at a module's top level or in an IIFE, and not one a function starts", () => {
    const probe = (code) => importTimeTimers("probe.ts", code).length;
    expect(probe("setInterval(() => sweep(), 1000);")).toBe(1);
    expect(probe("export const stop = globalThis.setTimeout(tick, 5);")).toBe(1);
    expect(probe("const t = timers.setImmediate(run);")).toBe(1);
    expect(probe("(() => { setInterval(sweep, 1000); })();")).toBe(1);
    expect(probe("export function start() { const t = setInterval(sweep, 1000); return t; }")).toBe(
      0,
    );
    expect(probe("export const start = () => setTimeout(run, 5);")).toBe(0);
    expect(probe("class Loop { start() { setInterval(sweep, 1); } }")).toBe(0);
  });
});
