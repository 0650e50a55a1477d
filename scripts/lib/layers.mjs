// The dependency rule's folder allow-lists (docs/architecture.md "The dependency rule"): what each layer
// of the app may import. scripts/check-deps.mjs applies them to every file that is not a test; the
// domain's own rule (it imports only effect) is there too. A type-only import (`import type`, or every
// name marked `type`) loads nothing and is counted only where a rule says so.
import path from "node:path";
import ts from "typescript";

/**
 * The layers. `files`: which files a rule governs (paths from the project root, `/`-separated);
 * `skip`: files in those folders that are not of the layer (the wiring, with the reason beside it);
 * `allow`: the only imports a file may make (packages by name, folders ending in `/`, modules
 * without extension); `deny`: imports it may not make; `types`: whether type-only imports count too.
 */
export const LAYERS = [
  {
    name: "handlers",
    rule: "handlers never import repositories (@portal/adapters/db, the database module or the records' accessors): they decode, call a use case or a service they are handed, and encode",
    files: (rel) =>
      (rel.startsWith("src/server/api/") ||
        rel.startsWith("src/server/console/routes/") ||
        rel.startsWith("src/pages/")) &&
      /\.(ts|mts|js|mjs)$/.test(rel),
    // The composition root builds the portal, its database and its loops: it is not a handler.
    skip: ["src/server/api/node.ts"],
    deny: ["@portal/adapters/db", "src/server/database", "src/server/records"],
    types: false,
  },
  {
    name: "use cases",
    rule: "use cases import only the domain, effect and their own folder (their ports)",
    files: (rel) => rel.startsWith("src/server/app/"),
    // The wiring: the ports' live implementations, built from the root (`liveUseCases`,
    // `liveServices`), which is where the use cases meet the adapters.
    skip: ["src/server/app/live.ts", "src/server/app/services.ts"],
    allow: ["effect", "@portal/domain", "src/server/app/"],
    types: false,
  },
  {
    name: "pages",
    rule: "pages, components, browser helpers and stores never import the server (src/server/) or the database (@portal/adapters/db)",
    files: (rel) =>
      rel.startsWith("src/components/") ||
      rel.startsWith("src/lib/") ||
      rel.startsWith("src/stores/") ||
      (rel.startsWith("src/pages/") && /\.(astro|tsx)$/.test(rel)),
    skip: [],
    deny: ["src/server/", "@portal/adapters/db"],
    types: true,
  },
];

/**
 * Imports that break a layer's rule today, each `file -> import`. This list may only shrink: remove an
 * entry when its import goes (the check reports an entry that no longer matches), never add one.
 */
export const LAYER_EXCEPTIONS = [
  // Handlers that read the database package themselves (the configuration read; test control).
  "src/server/api/configuration.ts -> @portal/adapters/db",
  "src/server/api/test-control.ts -> @portal/adapters/db",
  // Handlers that take a value that is not a repository from the database package.
  "src/server/api/account.ts -> @portal/adapters/db", // taxIdKindOf
  "src/server/api/router.ts -> @portal/adapters/db", // RecordRefused
  "src/server/api/sessions.ts -> @portal/adapters/db", // GUEST_SESSION_MINUTES
  // Use cases that take an error class or a check from an adapter (they belong in the domain).
  "src/server/app/create-donation.ts -> @portal/adapters/db",
  "src/server/app/enrolment.ts -> @portal/adapters/db",
  "src/server/app/pay-donation.ts -> @portal/adapters/db",
  "src/server/app/singpass.ts -> @portal/adapters/singpass",
  // The footer's contact details and social links, read from the seed when the pages are built.
  "src/components/chrome/ContactDetails.astro -> @portal/adapters/db",
  "src/components/chrome/SocialIcons.astro -> @portal/adapters/db",
];

/** The code of a file that imports are read from (an Astro file's frontmatter and scripts). */
export function codeOf(file, text) {
  if (!file.endsWith(".astro")) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join("\n");
}

/** Every import of a file, static or dynamic, and whether it is type-only (loads nothing). */
export function importRecordsOf(file, text) {
  const source = ts.createSourceFile(
    file,
    codeOf(file, text),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const records = [];
  const named = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            named(bindings.elements)));
      records.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined && ts.isNamedExports(clause) && named(clause.elements));
      records.push({ spec: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      records.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      records.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return records;
}

const slash = (p) => p.split(path.sep).join("/");

/** What an import names: a package specifier as written, or a project path without its extension. */
export function importKey(root, file, spec) {
  if (!spec.startsWith(".") && !spec.startsWith("/")) return spec;
  const target = slash(path.relative(root, path.resolve(path.dirname(file), spec)));
  return target.replace(/\.(d\.)?[cm]?[jt]sx?$/, "").replace(/\/index$/, "");
}

/** Whether an import key is named by an entry: a package (and its subpaths), a folder or a module. */
const names = (entry, key) =>
  entry.endsWith("/") ? key.startsWith(entry) : key === entry || key.startsWith(`${entry}/`);

/**
 * The layer rules' problems for one file (not a test): `used` collects the exceptions that matched, so
 * the caller can report those that no longer do.
 */
export function layerProblems(root, file, text, exceptions, used) {
  const rel = slash(path.relative(root, file));
  const problems = [];
  const rules = LAYERS.filter((layer) => layer.files(rel) && !layer.skip.includes(rel));
  if (rules.length === 0) return problems;
  for (const { spec, typeOnly } of importRecordsOf(file, text)) {
    const key = importKey(root, file, spec);
    for (const layer of rules) {
      if (typeOnly && !layer.types) continue;
      const denied = layer.deny?.find((entry) => names(entry, key));
      const refused = layer.allow && !layer.allow.some((entry) => names(entry, key));
      if (denied === undefined && !refused) continue;
      const id = `${rel} -> ${denied?.replace(/\/$/, "") ?? key}`;
      if (exceptions.includes(id)) {
        used.add(id);
        continue;
      }
      problems.push(`${rel}: imports "${spec}"; ${layer.rule} (${layer.name}).`);
    }
  }
  return problems;
}
