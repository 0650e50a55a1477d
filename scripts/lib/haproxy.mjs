// HAProxy from Debian's packages: the bench's load balancer (bench/lib/cluster.mjs) and the TLS proxy
// of the console's browser journey (tests/e2e/console-behind-tls.spec.ts), which also makes its
// certificate with the openssl command. Installed when missing (scripts/lib/apt-install.mjs).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { aptInstall } from "./apt-install.mjs";

/** The command's path: on PATH, else where Debian puts it (/usr/sbin is not on every user's PATH). */
const locate = (command, probe, installedAt) => {
  if (spawnSync(command, probe).error === undefined) return command;
  return existsSync(installedAt) ? installedAt : undefined;
};
const haproxy = () => locate("haproxy", ["-v"], "/usr/sbin/haproxy");
const openssl = () => locate("openssl", ["version"], "/usr/bin/openssl");

/** HAProxy's path (and, `withOpenssl`, openssl's), installed when missing; or why not. */
export function ensureHaproxy({ withOpenssl = false } = {}) {
  const missing = () => [
    ...(haproxy() ? [] : ["haproxy"]),
    ...(withOpenssl && !openssl() ? ["openssl"] : []),
  ];
  if (missing().length > 0) {
    const installed = aptInstall(missing(), `${missing().join(" and ")} not found.`);
    if (!installed.ok) return installed;
    if (missing().length > 0) {
      return {
        ok: false,
        message: `apt-get finished but ${missing().join(", ")} is still missing.`,
      };
    }
  }
  return { ok: true, haproxy: haproxy() ?? "haproxy", openssl: openssl() ?? "openssl" };
}

/**
 * HAProxy in front of `ports`: round robin; with `checks` (the default), health checks on
 * `/api/health` every 500 ms, a dead instance out at the first failed check. A request is re-sent to
 * another instance only when its connection could not be made (HAProxy's default
 * `retry-on conn-failure`), never once it was sent. With `certificate` (a PEM file holding the
 * certificate and its key) it terminates TLS as the documented load balancer does
 * (docs/deploying.md): `X-Forwarded-Proto: https` set, whatever the client sent, and the client's
 * address added to `X-Forwarded-For`.
 */
export function haproxyConfig(listenPort, ports, { certificate, checks = true } = {}) {
  const tls = certificate ? ` ssl crt ${certificate}` : "";
  const forwarded = certificate
    ? "  http-request set-header X-Forwarded-Proto https\n  option forwardfor\n"
    : "";
  const health = checks
    ? "  option httpchk GET /api/health\n  http-check expect status 200\n" +
      "  default-server inter 500ms fall 1 rise 1 maxconn 200\n"
    : "";
  const servers = ports.map((port, i) => `  server web${i + 1} 127.0.0.1:${port}`);
  return `global
  maxconn 4000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option http-keep-alive
  option redispatch
  retries 3

frontend portal
  bind 127.0.0.1:${listenPort}${tls}
${forwarded}  default_backend instances

backend instances
  balance roundrobin
${health}${servers.map((line) => (checks ? `${line} check` : line)).join("\n")}
`;
}
