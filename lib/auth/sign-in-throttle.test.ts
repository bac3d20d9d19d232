import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { LIMIT_KINDS, type LimitKind, testRedisEach } from "@/lib/coordination/testing";
import { redisFailureLogOf } from "./shared-sign-in-throttle";
import {
  BASE_DELAY_MS,
  delayAfter,
  EMAIL_FREE_FAILURES,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_TRACKED,
  MemoryFailureLog,
  SignInThrottle,
  TOO_MANY_FROM_ADDRESS,
  WINDOW_MS,
} from "./sign-in-throttle";

/**
 * A throttle counting in memory (with its clock stopped at 0) or in Redis (by Redis's clock: these tests' failures
 * all fall within the window there too).
 */
function throttles(kind: LimitKind) {
  const redis = testRedisEach();
  return (perAddress = MAX_FAILURES_PER_ADDRESS) =>
    kind === "memory"
      ? new SignInThrottle(() => 0, perAddress)
      : new SignInThrottle(Date.now, perAddress, MAX_TRACKED, redisFailureLogOf(redis()));
}

describe.each(LIMIT_KINDS)("SignInThrottle: per email (%s)", (kind) => {
  const throttle = throttles(kind);

  it("after three failures from any sources, makes each attempt wait 1 s, 2 s, 4 s ... up to 30 s", async () => {
    const t = throttle();
    const waits: number[] = [];
    // From a fresh address each time, so that only the email's count can be what delays.
    for (let i = 0; i < 10; i++) {
      waits.push(await t.delay("a@x.org", "10.9.9.9"));
      await t.fail("a@x.org", `10.0.0.${i}`);
    }
    expect([EMAIL_FREE_FAILURES, BASE_DELAY_MS, MAX_DELAY_MS]).toEqual([3, 1_000, 30_000]);
    expect(waits).toEqual([0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(await t.delay("b@x.org", "10.9.9.9")).toBe(0);
  });

  it("gives each attempt the wait its email and source had before it, counting it", async () => {
    const t = throttle();
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await t.attempt("a@x.org", `10.0.0.${i}`));
    expect(waits).toEqual([0, 0, 0, 1_000, 2_000, 4_000].map((delay) => ({ delay })));
    expect(await t.delay("a@x.org", "10.9.9.9")).toBe(8_000);
  });

  it("never refuses an email however often others fail for it: its owner waits at most the cap", async () => {
    const t = throttle();
    // Side by side, as a crowd of sources would send them.
    await Promise.all(Array.from({ length: 1000 }, (_, i) => t.fail("a@x.org", `10.${i >> 8}.${i & 255}.1`)));
    expect(await t.refusal("203.0.113.50")).toBeUndefined();
    expect(await t.delay("a@x.org", "203.0.113.50")).toBe(MAX_DELAY_MS);
  });

  it("forgets the failures of an email that signs in", async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await t.fail("a@x.org", `10.0.0.${i}`);
    await t.succeed("a@x.org", "10.0.0.1");
    expect(await t.delay("a@x.org", "10.0.0.9")).toBe(0);
  });

  it("per email, no more failures than reach the longest wait", async () => {
    const t = throttle();
    await Promise.all(Array.from({ length: 1000 }, () => t.fail("a@x.org", "10.0.0.1")));
    // Taking back all but the kept ones leaves the email at the free failures: 1000 were never held.
    for (let i = 0; i < 6; i++) await t.takeBack("a@x.org", "10.0.0.1");
    expect(await t.delay("a@x.org", "10.9.9.9")).toBe(1_000);
  });
});

describe.each(LIMIT_KINDS)("SignInThrottle: per source address (%s)", (kind) => {
  const throttle = throttles(kind);

  it("after half its cap of failures from an address, whatever the emails, makes its attempts wait", async () => {
    const t = throttle();
    expect(t.sourceFree).toBe(MAX_FAILURES_PER_ADDRESS / 2);
    const waits: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      waits.push(await t.delay(`new-${i}@x.org`, "203.0.113.7"));
      await t.fail(`user-${i}@x.org`, "203.0.113.7");
    }
    expect(waits.slice(9, 16)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    expect(await t.delay("someone-new@x.org", "198.51.100.1")).toBe(0);
  });

  it("refuses an address after its limit of failures across different emails; other addresses go on", async () => {
    const t = throttle();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect(await t.refusal("203.0.113.7")).toBeUndefined();
      await t.fail(`user-${i}@x.org`, "203.0.113.7");
    }
    expect(await t.refusal("203.0.113.7")).toBe(TOO_MANY_FROM_ADDRESS);
    expect(await t.refusal("198.51.100.1")).toBeUndefined();
  });

  it("refuses an attempt at the cap without counting it, however many come at once", async () => {
    const t = throttle(5);
    const answers = await Promise.all(Array.from({ length: 12 }, () => t.attempt("a@x.org", "10.0.0.1")));
    expect(answers.filter((a) => "refused" in a)).toEqual(Array(7).fill({ refused: TOO_MANY_FROM_ADDRESS }));
    // Each of the five passed with the counts before it: they waited longer one after the other.
    expect(answers.flatMap((a) => ("delay" in a ? [a.delay] : []))).toEqual([0, 0, 0, 1_000, 2_000]);
    // The refused attempts counted for the email neither: five failures, not twelve.
    expect(await t.delay("a@x.org", "10.9.9.9")).toBe(4_000);
  });

  it("has the default of SIGN_IN_MAX_FAILURES_PER_ADDRESS, and takes another", async () => {
    expect(parseEnv({}).SIGN_IN_MAX_FAILURES_PER_ADDRESS).toBe(MAX_FAILURES_PER_ADDRESS);
    const t = throttle(2);
    await t.fail("a@x.org", "10.0.0.1");
    await t.fail("b@x.org", "10.0.0.1");
    expect(await t.refusal("10.0.0.1")).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it("a right password takes back only its own attempt for the address, not its earlier failures", async () => {
    const t = throttle(3);
    await t.fail("guess-1@x.org", "10.0.0.1");
    await t.fail("guess-2@x.org", "10.0.0.1");
    await t.fail("mine@x.org", "10.0.0.1"); // counted before the compare ...
    await t.succeed("mine@x.org", "10.0.0.1"); // ... and taken back when it was right
    expect(await t.refusal("10.0.0.1")).toBeUndefined();
    await t.fail("guess-3@x.org", "10.0.0.1");
    expect(await t.refusal("10.0.0.1")).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it("an attempt never compared is taken back for both its email and its address", async () => {
    const t = throttle(4);
    for (let i = 0; i < 4; i++) await t.fail("a@x.org", "10.0.0.1");
    await t.takeBack("a@x.org", "10.0.0.1");
    expect(await t.refusal("10.0.0.1")).toBeUndefined();
    expect(await t.delay("a@x.org", "10.0.0.2")).toBe(1_000);
  });
});

describe("SignInThrottle in memory: the window", () => {
  it("waits less as failures leave the window, and none once all have", async () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < 5; i++) {
      clock.now = i * 60_000;
      await t.fail("a@x.org", `10.0.0.${i}`);
    }
    expect(await t.delay("a@x.org", "10.9.9.9")).toBe(4_000);
    clock.now = WINDOW_MS; // the first failure (at 0) is now 15 minutes old
    expect(WINDOW_MS).toBe(15 * 60_000);
    expect(await t.delay("a@x.org", "10.9.9.9")).toBe(2_000);
    clock.now = WINDOW_MS + 4 * 60_000;
    expect(await t.delay("a@x.org", "10.9.9.9")).toBe(0);
  });
});

describe("delayAfter", () => {
  it("is nothing for the free failures, then doubles from a second up to the cap", () => {
    expect([0, 2, 3, 4, 7, 8, 50, 1e9].map((n) => delayAfter(n, 3))).toEqual([
      0, 0, 1_000, 2_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("the throttle's memory is bounded", () => {
  it("by count: neither table holds more than its maximum of keys, however many emails and addresses", async () => {
    const t = new SignInThrottle(() => 0, MAX_FAILURES_PER_ADDRESS, 100);
    for (let i = 0; i < 1000; i++) await t.fail(`invented-${i}@x.org`, `2001:db8::${i.toString(16)}`);
    expect(t.tracked).toEqual({ emails: 100, addresses: 100 });
    expect(MAX_TRACKED).toBe(10_000);
  });

  it("by age: failures older than the window are dropped at the next failure, full table or not", async () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < 50; i++) await t.fail(`old-${i}@x.org`, `10.0.0.${i}`);
    clock.now = WINDOW_MS + 1;
    await t.fail("new@x.org", "10.0.1.1");
    expect(t.tracked).toEqual({ emails: 1, addresses: 1 });
  });

  it("keeps a key's current failures when invented keys fill the table, dropping expired ones first", async () => {
    const clock = { now: 0 };
    const log = new MemoryFailureLog(9, () => clock.now, 100);
    for (let i = 0; i < 99; i++) await log.add(`old-${i}@x.org`);
    clock.now = 1000;
    for (let i = 0; i < 5; i++) await log.add("target@x.org");
    clock.now = WINDOW_MS + 500; // the invented keys' failures have expired, the target's have not
    await log.add("new@x.org");
    await log.add("newer@x.org");
    expect(await log.count("target@x.org")).toBe(5);
    expect(log.size).toBe(3);
  });

  it("a table full of live keys loses its least recently failed key, not the newest", async () => {
    const clock = { now: 0 };
    const log = new MemoryFailureLog(1, () => clock.now, 3);
    for (const key of ["a", "b", "c"]) {
      clock.now++;
      await log.add(key);
    }
    clock.now++;
    await log.add("a"); // a failed again: now b is the least recently failed
    await log.add("d");
    expect(await Promise.all(["a", "b", "c", "d"].map((k) => log.count(k)))).toEqual([1, 0, 1, 1]);
  });

  it("keeps only the latest failures of a key, as many as make a difference", async () => {
    const clock = { now: 0 };
    const log = new MemoryFailureLog(2, () => clock.now, 10);
    for (let i = 0; i < 1000; i++) {
      clock.now = i;
      await log.add("k");
    }
    expect(await log.count("k")).toBe(2);
    clock.now = WINDOW_MS + 998; // the 999th failure (at 998) has just left the window; the last (at 999) has not
    expect(await log.count("k")).toBe(1);
  });
});
