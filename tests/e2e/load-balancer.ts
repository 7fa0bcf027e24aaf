import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { exited } from "./own-server.ts";

// A real load balancer in front of a test's own app servers: HAProxy from Debian's packages,
// started with a configuration the test writes, in the foreground, and killed after.

/** HAProxy's binary: HAPROXY_PATH, else `haproxy` on PATH or in /usr/sbin (not on a user's PATH). */
export function findHaproxy(): string | undefined {
  const candidates = process.env.HAPROXY_PATH
    ? [process.env.HAPROXY_PATH]
    : [...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean), "/usr/sbin", "/usr/local/sbin"].map((dir) =>
        path.join(dir, "haproxy"),
      );
  return candidates.find((file) => spawnSync(file, ["-v"], { stdio: "ignore" }).status === 0);
}

export const HAPROXY_MISSING =
  "HAProxy is not installed: sudo apt-get update && sudo apt-get install -y haproxy " +
  "(`source scripts/toolchain.sh --browser` installs it as root), or set HAPROXY_PATH.";

export interface LoadBalancerOptions {
  binary: string;
  /** Where the configuration goes. */
  dir: string;
  /** The app servers' ports, on 127.0.0.1. */
  servers: number[];
  /** The round-robin frontend over all of them: the shop's public address. */
  port: number;
  /** One frontend per app server, that sends everything to that server alone (same order as `servers`). */
  pinnedPorts: number[];
  /** HAProxy's statistics page (CSV at /stats;csv): which servers its health checks see up. */
  statsPort: number;
}

export interface LoadBalancer {
  /** The round-robin address, e.g. http://127.0.0.1:4200. */
  url: string;
  /** pinned[i] reaches servers[i] only, through HAProxy. */
  pinned: string[];
  child: ChildProcess;
  output: () => string;
  /** Each server's state in the round-robin backend as HAProxy's checks see it (UP, DOWN...), by name s1, s2... */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** The configuration: round robin over every server, health checked at /readyz, the client's address passed on. */
function haproxyConfig(options: Omit<LoadBalancerOptions, "binary" | "dir">): string {
  const server = (port: number, index: number) => `  server s${index + 1} 127.0.0.1:${port} check`;
  return [
    "global",
    "  maxconn 1024",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 60s",
    "  timeout server 60s",
    // X-Forwarded-For: the shop trusts it from a proxy on the loopback (server/http/app.ts).
    "  option forwardfor",
    // Routed by readiness (README: /readyz answers 200 once the database answers with every migration).
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    // Checked often, but a server slow to answer on a busy machine is not taken out of the rotation.
    "  timeout check 5s",
    "  default-server inter 1s downinter 500ms rise 1 fall 3",
    "",
    "frontend shop",
    `  bind 127.0.0.1:${options.port}`,
    "  default_backend all",
    "",
    "backend all",
    "  balance roundrobin",
    ...options.servers.map(server),
    "",
    ...options.servers.flatMap((port, index) => [
      `frontend pinned${index + 1}`,
      `  bind 127.0.0.1:${options.pinnedPorts[index]}`,
      `  default_backend only${index + 1}`,
      "",
      `backend only${index + 1}`,
      server(port, index),
      "",
    ]),
    "frontend stats",
    `  bind 127.0.0.1:${options.statsPort}`,
    "  stats enable",
    "  stats uri /stats",
    "",
  ].join("\n");
}

export function startLoadBalancer(options: LoadBalancerOptions): LoadBalancer {
  fs.mkdirSync(options.dir, { recursive: true });
  const configFile = path.join(options.dir, "haproxy.cfg");
  fs.writeFileSync(configFile, haproxyConfig(options));
  // -db: in the foreground, not a daemon, so that it ends with this child process.
  const child = spawn(options.binary, ["-f", configFile, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const states = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${options.statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.trim().split("\n");
    const columns = header!.replace(/^# /, "").split(",");
    const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
    return Object.fromEntries(
      rows
        .map((line) => line.split(","))
        .filter((row) => at(row, "pxname") === "all" && /^s\d+$/.test(at(row, "svname")))
        .map((row) => [at(row, "svname"), at(row, "status")]),
    );
  };
  return {
    url: `http://127.0.0.1:${options.port}`,
    pinned: options.pinnedPorts.map((port) => `http://127.0.0.1:${port}`),
    child,
    output: () => output,
    states,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited(child);
    },
  };
}
