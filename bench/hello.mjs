// The ceiling for `npm run bench`: a bare node:http server answering a small JSON, nothing else.
// Whatever the portal reaches is compared with what this reaches on the same machine.
import http from "node:http";

const port = Number(process.env.PORT ?? 0);
const body = JSON.stringify({ status: 1, message: "Success", data: { hello: "world" } });

const server = http.createServer({ keepAliveTimeout: 65_000 }, (_req, res) => {
  res.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
});

server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.log(`[hello] listening on port ${typeof address === "object" ? address?.port : port}`);
});

const stop = () => {
  server.close();
  server.closeAllConnections();
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
