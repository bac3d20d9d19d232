/**
 * Readiness (GET /api/health/ready, docs/health.md): whether this instance can serve. The store must answer a
 * trivial query and, when REDIS_URL is set, Redis a PING, each within about 2 s; once a stop has begun
 * (lib/runtime/process-stop.ts) the answer is "stopping", whatever they say. The answer names which part failed, in
 * words: never an address, a connection string or an error's text.
 */
import { sql } from "kysely";
import { env } from "@/lib/config/env";
import { redis, redisAnswers } from "@/lib/coordination/redis";
import { processSingleton } from "@/lib/runtime/process-singleton";
import { isStopping } from "@/lib/runtime/process-stop";
import { portalStore } from "@/lib/store/portal-store";
import type { Store } from "@/lib/store/store";
import { boundedCheck, type Check } from "./bounded-check";

/** How long each check may take. */
export const CHECK_MS = 2_000;

export type PartState = "ok" | "unreachable";

export interface ReadinessBody {
  status: "ok" | "unavailable" | "stopping";
  store?: PartState;
  /** Absent when the portal runs without REDIS_URL. */
  redis?: PartState;
}

export interface Readiness {
  httpStatus: 200 | 503;
  body: ReadinessBody;
}

export interface ReadinessChecks {
  stopping(): boolean;
  store: Check;
  /** Absent when the portal runs without REDIS_URL. */
  redis?: Check;
}

const stateOf = (answered: boolean): PartState => (answered ? "ok" : "unreachable");

export async function readiness(checks: ReadinessChecks): Promise<Readiness> {
  if (checks.stopping()) return { httpStatus: 503, body: { status: "stopping" } };
  const [store, redisAnswered] = await Promise.all([checks.store(), checks.redis?.()]);
  const parts = { store: stateOf(store), ...(checks.redis ? { redis: stateOf(redisAnswered === true) } : {}) };
  const ready = store && redisAnswered !== false;
  return ready
    ? { httpStatus: 200, body: { status: "ok", ...parts } }
    : { httpStatus: 503, body: { status: "unavailable", ...parts } };
}

/** A store answers when a trivial query through it comes back; it throws when it does not. */
export async function storeAnswers(opening: Promise<Store>): Promise<boolean> {
  await sql`SELECT 1`.execute((await opening).db);
  return true;
}

/** The process's checks, made once so that each stays one run at a time however many bundles ask. */
export function processReadinessChecks(): ReadinessChecks {
  return processSingleton("readinessChecks", () => {
    const client = env().REDIS_URL ? redis() : undefined;
    return {
      stopping: isStopping,
      store: boundedCheck(() => storeAnswers(portalStore()), CHECK_MS),
      ...(client ? { redis: boundedCheck(() => redisAnswers(client), CHECK_MS) } : {}),
    };
  });
}
