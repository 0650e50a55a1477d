// What the house-rule tests read: the files git tracks, and the name a call is made by.
import { execFileSync } from "node:child_process";
import ts from "typescript";

/** Every file git tracks under `root` (paths from the root, `/`-separated). */
export const trackedFiles = (root) =>
  execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "");

/** The name a call is made by: `f(...)`, `x.f(...)`; undefined for anything else. */
export const calleeName = (callee) =>
  ts.isIdentifier(callee)
    ? callee.text
    : ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : undefined;
