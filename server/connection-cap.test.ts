import { createServer, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  connectionCap,
  connectionsPerAddress,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_ADDRESS,
  sourceOf,
  // @ts-expect-error: a plain ES module without types, imported by server/serve.mjs.
} from "./connection-cap.mjs";

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(() => {
  for (const s of sockets.splice(0)) s.destroy();
  server?.closeAllConnections();
  server?.close();
});

/** A server capped at `max` connections per source, all of them keyed as one source here (127.0.0.1). */
async function cappedServer(max: number) {
  let served = 0;
  server = createServer((_req, res) => {
    served++;
    res.end("ok");
  });
  const cap = connectionCap(max, () => "127.0.0.1");
  server.prependListener("connection", cap);
  await new Promise<void>((done) => server!.listen(0, "127.0.0.1", done));
  return { port: (server.address() as AddressInfo).port, served: () => served, sources: () => cap.sources() };
}

/** A connection that sends half a request and holds on, as a slow client does; resolves once it is connected. */
function hold(port: number): Promise<{ socket: Socket; answer: () => string; closed: Promise<void> }> {
  return new Promise((ready) => {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (c) => (answer += c));
    socket.on("error", () => {});
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    socket.on("connect", () => {
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
      ready({ socket, answer: () => answer, closed });
    });
  });
}

describe("the cap on connections per source", () => {
  it("answers 503 and closes a connection past the cap, and serves nothing sent on it", async () => {
    const { port, served } = await cappedServer(2);
    await hold(port);
    await hold(port);
    const third = await hold(port);
    await third.closed;
    expect(third.answer()).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(third.answer()).toContain("Retry-After: 5");
    expect(served()).toBe(0);
  });

  it("takes a connection again once one of the source's closes, and forgets a source with none open", async () => {
    const { port, sources } = await cappedServer(1);
    const first = await hold(port);
    await vi.waitFor(() => expect(sources()).toBe(1));
    first.socket.destroy();
    await vi.waitFor(() => expect(sources()).toBe(0));
    const second = await hold(port);
    second.socket.write("\r\n");
    await vi.waitFor(() => expect(second.answer()).toMatch(/^HTTP\/1\.1 200 OK\r\n/));
  });
});

describe("the source a connection counts under", () => {
  it("is the limits' source key (an IPv6 address by its /64), and none for this machine itself", () => {
    expect(sourceOf("203.0.113.7")).toBe("203.0.113.7");
    expect(sourceOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(sourceOf("2001:db8:1:2::5")).toBe(sourceOf("2001:db8:1:2::6"));
    expect([sourceOf("127.0.0.1"), sourceOf("::1"), sourceOf("::ffff:127.0.0.1")]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("SERVER_MAX_CONNECTIONS_PER_ADDRESS", () => {
  it("is 32 by default, off behind trusted proxies unless set, and 0-512", () => {
    expect(MAX_CONNECTIONS_PER_ADDRESS).toBe(32);
    expect(connectionsPerAddress({})).toBe(32);
    expect(connectionsPerAddress({ TRUSTED_PROXY_HOPS: "1" })).toBe(0);
    expect(connectionsPerAddress({ TRUSTED_PROXY_HOPS: "1", SERVER_MAX_CONNECTIONS_PER_ADDRESS: "64" })).toBe(64);
    expect(connectionsPerAddress({ SERVER_MAX_CONNECTIONS_PER_ADDRESS: "0" })).toBe(0);
    expect(() => connectionsPerAddress({ SERVER_MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS + 1) })).toThrow(
      /SERVER_MAX_CONNECTIONS_PER_ADDRESS must be a whole number 0-512/,
    );
    expect(() => connectionsPerAddress({ SERVER_MAX_CONNECTIONS_PER_ADDRESS: "many" })).toThrow(/whole number/);
  });
});
