// The embedded identity provider: cognito-local on 127.0.0.1, its data in the working folder's
// .cognito/ (the launcher runs it in PORTAL_DATA_DIR/cognito). PORT=0 picks a free port; the line
// "listening on <url>" tells the launcher which. Browsers never reach it directly: the portal's
// compatibility layer (/cognito-idp, src/server/identity-provider) stands in front of it.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cognitoLocal = require("cognito-local");
const pino = createRequire(require.resolve("cognito-local"))("pino");

const logger = pino({ level: process.env.DEBUG ? "debug" : "error" });
const server = await cognitoLocal.createDefaultServer(logger);
const listening = await server.start();
const address = listening.address();
console.log(`[identity] listening on http://127.0.0.1:${address.port}`);

const stop = () => listening.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
