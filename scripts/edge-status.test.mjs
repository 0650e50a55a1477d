import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { calleeName, trackedFiles } from "./lib/source-files.mjs";

// Errors at the edge (issue 31): below the edge (the domain, the adapters, the use cases, the
// console's operations) a refusal carries a stable code and a message, never an HTTP status; the one
// table in src/server/api/errors.ts picks the status. Checked on every file git knows there.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const BELOW_EDGE =
  /^(packages\/domain\/src|packages\/adapters\/src|src\/server\/app|src\/server\/console\/operations)\//;
const MODULE = /\.(ts|mts|mjs|js)$/;
const TEST = /(\.test\.|\.spec\.|\/test-support\/)/;
/**
 * A remote's answers, not ours: the HTTP client's `ApiError` carries the status the server answered
 * (the browser's calls, spec §8); the Stripe double answers as Stripe would.
 */
const REMOTE_ANSWERS = new Set([
  "packages/adapters/src/http/client.ts",
  "packages/adapters/src/testing/stripe-recorder.ts",
]);

const STATUS_NAME = /^(httpStatus|statusCode|status)$/;
/** A stable code: dotted words (`reversal.open`). */
const CODE = /^\w+(\.\w+)+$/;
/** A constructor or function that makes a refusal or an error. */
const REFUSAL_NAME = /(refus|error$|failure$)/i;

const isHttpStatus = (node) =>
  node !== undefined &&
  ts.isNumericLiteral(node) &&
  Number(node.text) >= 100 &&
  Number(node.text) <= 599;

/** A type that is a number: `number`, `422`, `404 | 409`. */
const isNumericType = (type) =>
  type !== undefined &&
  (type.kind === ts.SyntaxKind.NumberKeyword ||
    (ts.isLiteralTypeNode(type) && ts.isNumericLiteral(type.literal)) ||
    (ts.isUnionTypeNode(type) && type.types.every(isNumericType)));

const nameOf = (name) =>
  name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;

/**
 * The HTTP statuses a module below the edge gives its refusals, as `line: what` lines:
 * - a refusal or error made with a status number (`refuse(422, …)`, `new RecordRefused(404, …)`,
 *   `new Refused({ httpStatus: 422 })`);
 * - an error class with a numeric status member (`readonly httpStatus: 404 | 409`, a parameter
 *   property, or `Data.TaggedError("X")<{ status: number }>`);
 * - an answer built with a status number (`return { status: 400, body }`), or a code given one
 *   (`{ "reversal.open": 409 }`: a table of its own beside the edge's).
 * Reading a remote's status (`answer.httpStatus === 409`, `response.status`) is not giving one.
 */
export function statusesBelowEdge(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const at = (node, what) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);

  const statusMembers = (members, where) => {
    for (const member of members) {
      const name = nameOf(member.name);
      if (!name || !STATUS_NAME.test(name)) continue;
      const numeric = isNumericType(member.type) || isHttpStatus(member.initializer ?? undefined);
      if (numeric) at(member, `${where} declares a numeric ${name}`);
    }
  };

  const visit = (node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      if (name && REFUSAL_NAME.test(name)) {
        for (const argument of node.arguments ?? []) {
          if (isHttpStatus(argument)) at(argument, `${name} made with status ${argument.text}`);
        }
      }
    }
    if (ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) {
        const name = ts.isPropertyAssignment(property) ? nameOf(property.name) : undefined;
        if (name && STATUS_NAME.test(name) && isHttpStatus(property.initializer)) {
          at(property, `answer with ${name} ${property.initializer.text}`);
        }
        // A table of its own from a code to a status (`{ "reversal.open": 409 }`).
        if (
          ts.isPropertyAssignment(property) &&
          ts.isStringLiteral(property.name) &&
          CODE.test(property.name.text) &&
          isHttpStatus(property.initializer)
        ) {
          at(property, `code ${property.name.text} given status ${property.initializer.text}`);
        }
      }
    }
    if (ts.isClassLike(node) && node.heritageClauses) {
      const where = `class ${node.name?.text ?? "(anonymous)"}`;
      statusMembers(node.members, where);
      const constructor = node.members.find(ts.isConstructorDeclaration);
      statusMembers(
        (constructor?.parameters ?? []).filter((parameter) =>
          (ts.getModifiers(parameter) ?? []).some(
            (modifier) =>
              modifier.kind === ts.SyntaxKind.ReadonlyKeyword ||
              modifier.kind === ts.SyntaxKind.PublicKeyword ||
              modifier.kind === ts.SyntaxKind.PrivateKeyword ||
              modifier.kind === ts.SyntaxKind.ProtectedKeyword,
          ),
        ),
        where,
      );
      // `extends Data.TaggedError("X")<{ … }>`: the fields are the type argument's members.
      for (const clause of node.heritageClauses) {
        for (const type of clause.types) {
          for (const argument of type.typeArguments ?? []) {
            if (ts.isTypeLiteralNode(argument)) statusMembers(argument.members, where);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const belowEdge = () =>
  trackedFiles(root).filter(
    (file) =>
      BELOW_EDGE.test(file) && MODULE.test(file) && !TEST.test(file) && !REMOTE_ANSWERS.has(file),
  );

describe("no HTTP status below the edge", () => {
  it("finds a status given to a refusal, an error class or an answer", () => {
    const fixture = [
      'export const a = () => refuse(422, "No", "x.y");',
      'throw new RecordRefused(404, "No such plan.", "recurring.notFound");',
      'const b = new Refused({ httpStatus: 409, message: "No", code: "x.z" });',
      "export class PlanGone extends Error {",
      "  constructor(readonly httpStatus: 404 | 409, message: string) { super(message); }",
      "}",
      'export class Late extends Data.TaggedError("Late")<{ readonly status: number }> {}',
      "export class Old extends Error { readonly statusCode = 410; }",
      'const c = () => ({ status: 400, body: { error: "webhook.signature" } });',
      'const d = { "reversal.notPaid": 409, "approval.self": 409 };',
    ].join("\n");
    expect(statusesBelowEdge("fixture.ts", fixture)).toEqual([
      "1: refuse made with status 422",
      "2: RecordRefused made with status 404",
      "3: answer with httpStatus 409",
      "5: class PlanGone declares a numeric httpStatus",
      "7: class Late declares a numeric status",
      "8: class Old declares a numeric statusCode",
      "9: answer with status 400",
      "10: code reversal.notPaid given status 409",
      "10: code approval.self given status 409",
    ]);
  });

  it("lets a refusal carry a code and a message, and an HTTP client read the remote's status", () => {
    const fixture = [
      'throw new RecordRefused("recurring.notFound", "No such plan.");',
      'return yield* refuse("terms.required", "Please agree to our terms and conditions.");',
      "if (answer.httpStatus === 409) return 1;",
      "const retry = (error.statusCode ?? 0) >= 500;",
      "export interface Answer { readonly httpStatus: number }",
      'export class Payment extends Base { readonly status: "paid" | "failed" = "paid"; }',
      "const batchSize = 500;",
      'const limits = { "donation.amount": 5000 };',
    ].join("\n");
    expect(statusesBelowEdge("fixture.ts", fixture)).toEqual([]);
  });

  it("holds in the domain, the adapters, the use cases and the console's operations", () => {
    const files = belowEdge();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      statusesBelowEdge(file, readFileSync(path.join(root, file), "utf8")).map(
        (line) => `${file}:${line}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
