/**
 * The shared limits' Lua scripts (docs/coordination.md, Counting): each check and count is one script, so instances
 * counting at once never both pass a check. Event times are Redis's own clock (TIME), so instances whose clocks
 * differ count alike. A key is a sorted set of events (score: the time in ms; member: unique per event), whose
 * events older than the window are removed at each use, and which expires a window after its latest event.
 */
import type Redis from "ioredis";
import { NotCountedError } from "./limits";

/** Redis's time in ms, and the events of KEYS[1] older than the window ARGV[1] removed. */
const NOW_AND_PRUNE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
`;

/** ARGV: window, perWindow, member. 0 when counted; else ms until one more is allowed. */
const WINDOW_TAKE = `${NOW_AND_PRUNE}
local per = tonumber(ARGV[2])
local n = redis.call('ZCARD', KEYS[1])
if n >= per then
  local first = redis.call('ZRANGE', KEYS[1], n - per, n - per, 'WITHSCORES')
  return tonumber(first[2]) + window - now
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

/** ARGV: window. The failures within the window (read only: counts what is newer than the window's start). */
const FAILURE_COUNT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`;

/** ARGV: window, kept, cap (-1: none), member. The failures before; one more counted unless at the cap. */
const FAILURE_ADD = `${NOW_AND_PRUNE}
local kept, cap = tonumber(ARGV[2]), tonumber(ARGV[3])
local n = redis.call('ZCARD', KEYS[1])
if cap >= 0 and n >= cap then return n end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(kept + 1))
redis.call('PEXPIRE', KEYS[1], window)
return n`;

/** ARGV: window. The latest failure within the window removed. */
const FAILURE_TAKE_BACK = `${NOW_AND_PRUNE}
redis.call('ZREMRANGEBYRANK', KEYS[1], -1, -1)
return 0`;

export interface LimitCommands {
  limitWindowTake(key: string, windowMs: number, perWindow: number, member: string): Promise<number>;
  limitFailureCount(key: string, windowMs: number): Promise<number>;
  limitFailureAdd(key: string, windowMs: number, kept: number, cap: number, member: string): Promise<number>;
  limitFailureTakeBack(key: string, windowMs: number): Promise<number>;
}

const defined = new WeakSet<Redis>();

/** The client with the scripts defined on it (once per client; ioredis sends each by its SHA after the first use). */
export function limitCommands(client: Redis): LimitCommands {
  if (!defined.has(client)) {
    client.defineCommand("limitWindowTake", { numberOfKeys: 1, lua: WINDOW_TAKE });
    client.defineCommand("limitFailureCount", { numberOfKeys: 1, lua: FAILURE_COUNT, readOnly: true });
    client.defineCommand("limitFailureAdd", { numberOfKeys: 1, lua: FAILURE_ADD });
    client.defineCommand("limitFailureTakeBack", { numberOfKeys: 1, lua: FAILURE_TAKE_BACK });
    defined.add(client);
  }
  return client as unknown as LimitCommands;
}

/**
 * `command`'s answer; or, when Redis fails it (unreachable, timed out), a NotCountedError naming `what`, the cause
 * in the server log only.
 */
export async function counted<T>(what: string, command: () => Promise<T>): Promise<T> {
  try {
    return await command();
  } catch (err) {
    console.error(`coordination: ${what} could not be counted:`, err instanceof Error ? err.message : "unknown");
    throw new NotCountedError(what, { cause: err });
  }
}
