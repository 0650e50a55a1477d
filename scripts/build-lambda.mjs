// `npm run build:lambda`: the PreSignUp handler as a Cognito Lambda trigger. One ES module bundle
// (dist/lambda/pre-sign-up/index.mjs, handler `index.handler`, Node.js 22 or newer) and its zip
// (dist/lambda/pre-sign-up.zip) to upload. Everything is bundled but PGlite, which a Lambda never
// opens (it reaches PostgreSQL at DATABASE_URL): a stub that refuses stands in for it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const lambdaDir = path.join(root, "dist", "lambda");

const noPglite = {
  name: "no-pglite",
  setup(build) {
    build.onResolve({ filter: /^@electric-sql\/pglite/ }, () => ({
      path: "pglite",
      namespace: "no-pglite",
    }));
    build.onLoad({ filter: /.*/, namespace: "no-pglite" }, () => ({
      contents: `export class PGlite { constructor() { throw new Error("PGlite is not in the Lambda; set DATABASE_URL"); } }
export const types = {};`,
      loader: "js",
    }));
  },
};

/** A zip of the given files (stored deflated), enough for Lambda's upload; no dependency needed. */
export function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, "utf8");
    const packed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 10); // time and date: none, so builds are byte-identical
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Bundle and zip; answers the paths written. */
export async function buildLambda(outDir = lambdaDir) {
  const folder = path.join(outDir, "pre-sign-up");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [path.join(root, "src", "server", "identity-provider", "pre-sign-up-lambda.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    minify: true,
    legalComments: "linked",
    write: false,
    outfile: path.join(folder, "index.mjs"),
    // pg and others are CommonJS: give the ES module a require for them.
    banner: {
      js: 'import { createRequire as __portalRequire } from "node:module"; const require = __portalRequire(import.meta.url);',
    },
    plugins: [noPglite],
    logLevel: "warning",
  });
  const files = result.outputFiles.map((file) => ({
    name: path.relative(folder, file.path),
    data: Buffer.from(file.contents),
  }));
  for (const file of files) writeFileSync(path.join(folder, file.name), file.data);
  const zipFile = path.join(outDir, "pre-sign-up.zip");
  writeFileSync(zipFile, zip(files));
  return { bundle: path.join(folder, "index.mjs"), zipFile, files: files.map((f) => f.name) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { bundle, zipFile } = await buildLambda();
  console.log(`[build:lambda] ${path.relative(root, bundle)} and ${path.relative(root, zipFile)}`);
}
