import { createServer, type IncomingMessage } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER, PEER_TOKEN_HEADER, PEER_TOKEN_SLOT } from "@/lib/http/client-address";
import { serverToken } from "@/lib/http/testing";
import {
  bodyRefusal,
  LINGER,
  MAX_BODY_BYTES,
  refuse,
  PEER_HEADER as SERVER_PEER_HEADER,
  PEER_TOKEN_HEADER as SERVER_PEER_TOKEN_HEADER,
  PEER_TOKEN_SLOT as SERVER_PEER_TOKEN_SLOT,
  stampPeer,
  // @ts-expect-error: a plain ES module without types, started by server/start.sh.
} from "./serve.mjs";

const TOKEN = "/svc-apim/external/svc-oidc/oauth2/token";

describe("the server's peer header", () => {
  it("is the one the portal reads a request's address from (lib/http/client-address.ts), with its token", () => {
    expect(SERVER_PEER_HEADER).toBe(PEER_HEADER);
    expect(SERVER_PEER_TOKEN_HEADER).toBe(PEER_TOKEN_HEADER);
    expect(SERVER_PEER_TOKEN_SLOT).toBe(PEER_TOKEN_SLOT);
  });

  /**
   * The address the app reads for one request with a forged peer header and token, through a server that hands
   * Next.js the request's headers as they are: stamped by the server script, or not stamped, as `next start` and
   * `next dev` do.
   */
  async function addressSeen(stamped: boolean): Promise<string> {
    const token = serverToken(); // this process has a token, as under the server script
    const server = createServer((req: IncomingMessage, res) => {
      if (stamped) stampPeer(req, token);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      res.end(clientAddress(headers));
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const { port } = server.address() as AddressInfo;
      const forged = { [PEER_HEADER]: "198.51.100.7", [PEER_TOKEN_HEADER]: "a-guessed-token" };
      return await (await fetch(`http://127.0.0.1:${port}/`, { headers: forged })).text();
    } finally {
      server.close();
    }
  }

  it("a forged one is replaced by the socket's peer under the server script, and ignored without it", async () => {
    expect(await addressSeen(true)).toBe("127.0.0.1");
    expect(await addressSeen(false)).toBe("unknown");
  });
});

describe("the server's body limit", () => {
  it("refuses a body over the limit, or of a length it cannot read, before Next.js buffers it", () => {
    expect(bodyRefusal("/settings/connections", { "content-length": String(MAX_BODY_BYTES + 1) })).toBe(413);
    expect(bodyRefusal("/settings/connections", { "content-length": "1e9" })).toBe(413);
    expect(bodyRefusal("/svc-apim/external/v2/crit/core/api/Group", { "content-length": "5000000" })).toBe(413);
    expect(bodyRefusal("/", { "transfer-encoding": "chunked" })).toBe(411);
  });

  it("lets ordinary requests through, and leaves the token endpoint to the partner service", () => {
    expect(bodyRefusal("/settings/connections", { "content-length": "2048" })).toBeUndefined();
    expect(bodyRefusal("/", {})).toBeUndefined();
    expect(bodyRefusal(TOKEN, { "transfer-encoding": "chunked" })).toBeUndefined();
    expect(bodyRefusal(`${TOKEN}?grant_type=client_credentials`, { "content-length": "99999999" })).toBeUndefined();
  });
});

describe("a refused body's answer", () => {
  /**
   * A server that refuses every body as too large, and a client on a plain socket that sends its body (the whole of
   * it, or a little and then waits) and keeps whatever comes back: the answer's first line, and any error of the
   * socket (EPIPE, ECONNRESET: a reset also throws away what the client had not read yet).
   */
  async function post(bytes: number, linger = LINGER, sendAll = true, chunked = false) {
    const server = createServer((req, res) => refuse(req, res, 413, req.url ?? "/", linger));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const { port } = server.address() as AddressInfo;
    const started = performance.now();
    try {
      return await new Promise<{ status: string; error?: string; ms: number }>((done) => {
        const socket = connect(port, "127.0.0.1");
        let answer = "";
        let error: string | undefined;
        socket.setEncoding("utf8");
        socket.on("data", (c) => (answer += c));
        socket.on("error", (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
        socket.on("close", () => done({ status: answer.split("\r\n")[0], error, ms: performance.now() - started }));
        const framing = chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`;
        socket.write(`POST /settings/connections HTTP/1.1\r\nHost: x\r\n${framing}\r\n\r\n`);
        const chunk = Buffer.alloc(64 * 1024, "a");
        for (let sent = 0; sent < (sendAll ? bytes : 1024); sent += chunk.length)
          socket.write(chunked ? Buffer.concat([Buffer.from("10000\r\n"), chunk, Buffer.from("\r\n")]) : chunk);
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it("reaches a client still sending its body, every time (no reset first)", async () => {
    for (let i = 0; i < 10; i++)
      expect(await post(8 * 1024 * 1024)).toMatchObject({ status: "HTTP/1.1 413 Payload Too Large", error: undefined });
  });

  it("does not wait for more than its bounds: bytes, then time", async () => {
    // A body without a length (chunks, never ended), past the bytes bound: answered once that much is read.
    const many = await post(64 * 1024, { bytes: 16 * 1024, ms: 60_000 }, true, true);
    expect(many.status).toBe("HTTP/1.1 413 Payload Too Large");
    // A length over the bound: answered at once, the body not waited for.
    const declared = await post(10_000_000, { bytes: 1024 * 1024, ms: 60_000 }, false);
    expect(declared.status).toBe("HTTP/1.1 413 Payload Too Large");
    expect(declared.ms).toBeLessThan(5_000);
    // A client that stops sending: answered when the time bound ends.
    const stalled = await post(10_000_000, { bytes: LINGER.bytes, ms: 200 }, false);
    expect(stalled.status).toBe("HTTP/1.1 413 Payload Too Large");
    expect(stalled.ms).toBeGreaterThanOrEqual(190);
    expect(stalled.ms).toBeLessThan(5_000);
  });
});
