/**
 * The server's stop, in-process on a real HTTP server: readiness's flag is set at once, new connections are refused,
 * the answer under way ends (closing its keep-alive connection) and the registered work is waited for before the
 * connections close; at the end of the grace, the answers still open are cut and the work abandoned, before the
 * connections close.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { forgetProcessSingleton } from "@/lib/runtime/process-singleton";
import { isStopping, onStop, PROCESS_STOP, processStop } from "@/lib/runtime/process-stop";
// @ts-expect-error: a plain ES module without types, imported by server/serve.mjs.
import { PROCESS_STOP_SLOT, processStopState, stoppable } from "./stop-sequence.mjs";

interface Answer {
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
}

/** A server whose answers wait until the test lets them go; and a GET that keeps what came back, or its error. */
async function serverHolding() {
  const held: ServerResponse[] = [];
  let arrived: () => void = () => {};
  const server: Server = createServer((_req: IncomingMessage, res) => {
    held.push(res);
    arrived();
  });
  const stop = stoppable(server, { graceMs: 300, partMs: 100 });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const get = () =>
    new Promise<Answer>((resolve) => {
      const req = request({ port, host: "127.0.0.1", path: "/", headers: { connection: "keep-alive" } }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
        res.on("error", (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? "error" }));
      });
      req.on("error", (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? "error" }));
      req.end();
    });
  const nextArrival = () => new Promise<void>((resolve) => (arrived = resolve));
  return { server, stop, held, get, nextArrival };
}

afterEach(() => forgetProcessSingleton(PROCESS_STOP));

describe("the stop's record", () => {
  it("is the one lib/runtime/process-stop.ts keeps, whichever side makes it", () => {
    expect(PROCESS_STOP_SLOT).toBe(Symbol.for(`study-portal.${PROCESS_STOP}`));
    expect(processStopState()).toBe(processStop());
    forgetProcessSingleton(PROCESS_STOP);
    const made = processStop();
    expect(processStopState()).toBe(made);
  });
});

describe("a stop", () => {
  it("flags readiness at once, lets the answer under way end, waits for the work, closes connections", async () => {
    const { stop, held, get, nextArrival } = await serverHolding();
    const steps: string[] = [];
    let finishWork: () => void = () => {};
    onStop({
      settled: () =>
        new Promise<void>((resolve) => {
          finishWork = () => {
            steps.push("work ended");
            resolve();
          };
        }),
      abandon: () => {
        steps.push("abandoned");
      },
      close: () => {
        steps.push("closed");
      },
    });
    const arrival = nextArrival();
    const underWay = get();
    await arrival;
    const stopped = stop();
    expect(isStopping()).toBe(true);
    expect(await get()).toEqual({ error: "ECONNREFUSED" });
    held[0].end("done");
    // The answer under way ends whole, and tells its client not to send more on its connection.
    expect(await underWay).toEqual({ status: 200, connection: "close", body: "done" });
    expect(steps).toEqual([]);
    finishWork();
    expect(await stopped).toEqual({ drained: true, abandoned: 0 });
    expect(steps).toEqual(["work ended", "closed"]);
  });

  it("at the end of its grace, cuts the answers still open, abandons the work, closes connections", async () => {
    const { stop, get, nextArrival } = await serverHolding();
    const steps: string[] = [];
    let waitedUntilAborted = false;
    onStop({
      settled: (signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            waitedUntilAborted = true;
            resolve();
          }),
        ),
      abandon: async () => {
        steps.push("abandoned");
      },
    });
    onStop({
      close: async () => {
        steps.push("closed");
      },
    });
    // A part whose close never ends does not hold the stop.
    onStop({ close: () => new Promise<void>(() => {}) });
    const arrival = nextArrival();
    const hanging = get();
    await arrival;
    expect(await stop()).toEqual({ drained: false, abandoned: 1 });
    expect(waitedUntilAborted).toBe(true);
    expect(steps).toEqual(["abandoned", "closed"]);
    expect(await hanging).toEqual({ error: "ECONNRESET" });
  });
});
