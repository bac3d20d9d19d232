/**
 * A counting HTTP proxy in the benchmark's own process, in front of a partner service: it passes every request and
 * answer on unchanged and counts the requests by kind, so that a benchmark can say how many requests a study load
 * cost the partner without the partner service knowing of it. The service names the proxy's address in its links
 * (its PUBLIC_BASE_URL), so that every page of a load comes back through it.
 */
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export interface PartnerRequests {
  total: number;
  /** Requests by kind: "token", or the searched resource (with its category, for observations). */
  byKind: Record<string, number>;
}

export interface CountingProxy {
  url: string;
  /** The requests counted so far (a copy). */
  count(): PartnerRequests;
  close(): Promise<void>;
}

/** The kind of a partner request, from its path and query: a token request, or the resource it searches. */
export function requestKind(method: string, path: string): string {
  const url = new URL(path, "http://x");
  if (method === "POST" && url.pathname.endsWith("/token")) return "token";
  const resource = url.pathname.split("/").filter(Boolean).at(-1) ?? "/";
  const category = url.searchParams.get("category");
  return category ? `${resource} ${category}` : resource;
}

/** Differences between two counts: what was asked between them. */
export function requestsSince(before: PartnerRequests, after: PartnerRequests): PartnerRequests {
  const byKind: Record<string, number> = {};
  for (const [kind, n] of Object.entries(after.byKind)) {
    const d = n - (before.byKind[kind] ?? 0);
    if (d > 0) byKind[kind] = d;
  }
  return { total: after.total - before.total, byKind };
}

export function describeRequests(r: PartnerRequests): string {
  const kinds = Object.entries(r.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind} ${n}`);
  return `${r.total} (${kinds.join(", ") || "none"})`;
}

/** Listens on 127.0.0.1:`port` (0: any free port) and forwards to `target` (an origin). */
export async function startCountingProxy(port: number, target: string): Promise<CountingProxy> {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const counted: PartnerRequests = { total: 0, byKind: {} };
  const server = createServer((req, res) => {
    const kind = requestKind(req.method ?? "GET", req.url ?? "/");
    counted.total++;
    counted.byKind[kind] = (counted.byKind[kind] ?? 0) + 1;
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      // The service not listening yet (its start is polled through the proxy) or gone: a gateway error.
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}`,
    count: () => ({ total: counted.total, byKind: { ...counted.byKind } }),
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
