/**
 * The real partner service over real HTTP, for tests that need a real socket: a node:http server on an ephemeral
 * port of 127.0.0.1 around the service's Request -> Response function. An injected dropped connection (faults.ts)
 * is then a socket cut mid-body, a held request is a service that has stopped answering, and a stopped server
 * refuses connections, as a client would meet them in production.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Database from "better-sqlite3";
import { TOKEN_PATH } from "@/partner-api/paths";
import type { ServiceConfig } from "./config";
import { createPartnerService } from "./service";
import { createTestDatabase, type TestData, testConfig } from "./testing";

export interface HttpTestService {
  /** http://127.0.0.1:<port>: the service's base URL, in every link it writes. */
  baseUrl: string;
  db: Database.Database;
  /** The service's clock (epoch ms); a test moves it to expire tokens. */
  clock: { now: number };
  /**
   * Runs before each request reaches the service, with the request's kind ("token" or "data") and its path and
   * query; a promise that does not settle leaves the request unanswered (a service that has stopped answering).
   */
  before: (kind: RequestKind, path: string) => Promise<void> | void;
  /** How the requests ended, by kind and answer: "data 200", "data 503", "token 429", "data cut", "data gone"... */
  counts(): Record<string, number>;
  /** Stops listening and cuts every open connection, held requests included: the service is gone. */
  stop(): Promise<void>;
  /** Listens again on the same port (after stop()). */
  start(): Promise<void>;
}

export type RequestKind = "token" | "data";

/** The service on `db` (a new test database with `data` unless given) served over HTTP; stop() it after the test. */
export async function serveTestService(
  opts: { data?: TestData; db?: Database.Database; config?: Partial<ServiceConfig> } = {},
): Promise<HttpTestService> {
  const db = opts.db ?? (await createTestDatabase(opts.data));
  const clock = { now: Date.UTC(2026, 0, 1) };
  const tally = new Map<string, number>();
  const count = (label: string) => tally.set(label, (tally.get(label) ?? 0) + 1);
  const server = createServer((req, res) => void answer(req, res));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const service = createPartnerService(db, testConfig({ ...opts.config, baseUrl }), () => clock.now);

  const served: HttpTestService = {
    baseUrl,
    db,
    clock,
    before: () => undefined,
    counts: () => Object.fromEntries(tally),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    start: () => listen(port),
  };

  function listen(on: number): Promise<void> {
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(on, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  }

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? "/";
    const kind: RequestKind = path.startsWith(TOKEN_PATH) ? "token" : "data";
    // A request whose socket closes before it is answered (a held one cut by stop(), or given up by the client).
    res.on("close", () => {
      if (!res.headersSent) count(`${kind} gone`);
    });
    try {
      const body = req.method === "POST" ? await readBody(req) : undefined;
      await served.before(kind, path);
      const request = new Request(new URL(path, baseUrl), { method: req.method, headers: headersOf(req), body });
      const response = await service.handle(request, { sourceAddress: req.socket.remoteAddress ?? "unknown" });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      const whole = await send(response, res);
      count(`${kind} ${whole ? response.status : "cut"}`);
    } catch {
      res.destroy();
    }
  }
  return served;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return headers;
}

/** The request's body as text: the token endpoint's form, the only body the service reads. */
async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Writes the body as the service streams it; false when the stream broke (an injected drop): the socket is then
 * destroyed after the bytes already written, so the client reads a 200 whose body stops mid-way.
 */
async function send(response: Response, res: ServerResponse): Promise<boolean> {
  if (!response.body) {
    res.end();
    return true;
  }
  const reader = response.body.getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) res.write(part.value);
  } catch {
    res.destroy();
    return false;
  }
  res.end();
  return true;
}
