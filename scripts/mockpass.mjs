// The embedded Singpass/MyInfo stand-in: MockPass (Singpass v2 FAPI/OIDC and MyInfo v3), on 127.0.0.1
// only. The launcher starts it with the environment of `mockpassEnvironment` (scripts/lib/mockpass.mjs).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const port = Number(process.env.MOCKPASS_PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error("[mockpass] MOCKPASS_PORT must be a port number");
  process.exit(1);
}
const { app } = require("@opengovsg/mockpass/app");
const server = app.listen(port, "127.0.0.1", () => {
  console.log(`[mockpass] listening on http://127.0.0.1:${port}`);
});
const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
