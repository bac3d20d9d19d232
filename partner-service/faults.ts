/**
 * Fault injection for partners' client tests: added latency and a share of
 * 429s, 503s and dropped connections. Off unless configured.
 */
import type { FaultConfig } from "./config";
import { ServiceError } from "./http";

export type FaultOutcome = "none" | "drop";

function rng(seed: number | undefined): () => number {
  if (seed === undefined) return Math.random;
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createFaultInjector(cfg: FaultConfig): () => Promise<FaultOutcome> {
  const active = cfg.latencyMs > 0 || cfg.rate429 > 0 || cfg.rate503 > 0 || cfg.dropRate > 0;
  if (!active) return async () => "none";
  const random = rng(cfg.seed);
  return async () => {
    if (cfg.latencyMs > 0) await new Promise((r) => setTimeout(r, cfg.latencyMs));
    const roll = random();
    if (roll < cfg.rate429) {
      throw new ServiceError(429, "throttled", "Too many requests (injected fault). Retry after 1 seconds.", {
        "retry-after": "1",
      });
    }
    if (roll < cfg.rate429 + cfg.rate503) {
      throw new ServiceError(
        503,
        "transient",
        "The service is temporarily unavailable (injected fault). Try again later.",
        { "retry-after": "1" },
      );
    }
    return roll < cfg.rate429 + cfg.rate503 + cfg.dropRate ? "drop" : "none";
  };
}

/** Headers, then a few bytes, then a broken stream: over HTTP the socket is cut mid-body. */
export function droppedResponse(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"resourceType":"Bundle","ty'));
      setTimeout(() => controller.error(new Error("connection dropped (injected fault)")), 5);
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/fhir+json; charset=utf-8" } });
}
