/**
 * The cluster's nginx configuration (scripts/cluster/nginx.sh; docs/deployment.md, The load balancer): every
 * instance in one round-robin upstream, another instance only on a connection error and never for a POST, streamed
 * answers passed on unbuffered, the client's address appended, and the server's own body limit.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module without types (server/serve.test.ts reads it alike).
import { MAX_BODY_BYTES } from "../../server/serve.mjs";

let dir: string;
let conf: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cluster-nginx-"));
  execFileSync("bash", [
    "-c",
    `source scripts/cluster/nginx.sh && write_nginx_conf "$1" 3400 3401 3402 3403`,
    "-",
    dir,
  ]);
  conf = readFileSync(join(dir, "nginx.conf"), "utf8");
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The directives of the configuration, one a line, without comments. */
const directives = () =>
  conf
    .split("\n")
    .map((l) => l.replace(/#.*/, "").trim())
    .filter(Boolean);

describe("the cluster's nginx configuration", () => {
  it("sends to every instance in turn, with no affinity", () => {
    const servers = directives().filter((d) => d.startsWith("server 127.0.0.1:"));
    expect(servers.map((s) => s.split(" ")[1])).toEqual(["127.0.0.1:3401", "127.0.0.1:3402", "127.0.0.1:3403"]);
    expect(directives().join("\n")).not.toMatch(/\b(ip_hash|hash|sticky|least_conn)\b/);
    expect(directives()).toContain("listen 127.0.0.1:3400;");
  });

  it("tries another instance only on a connection error or timeout, never for a non-idempotent request", () => {
    expect(directives()).toContain("proxy_next_upstream error timeout;");
    expect(conf).not.toContain("non_idempotent");
  });

  it("passes streamed answers on as they come and appends the client's address", () => {
    expect(directives()).toContain("proxy_buffering off;");
    expect(directives()).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(directives()).toContain("proxy_set_header X-Forwarded-Host $http_host;");
  });

  it("takes request bodies up to the server's own limit", () => {
    expect(directives()).toContain(`client_max_body_size ${MAX_BODY_BYTES};`);
  });

  it("keeps its pid, logs and temporary files in its own folder", () => {
    for (const d of ["pid", "error_log", "access_log", "client_body_temp_path", "proxy_temp_path"]) {
      const line = directives().find((l) => l.startsWith(`${d} `));
      expect(line, d).toContain(dir);
    }
  });
});
