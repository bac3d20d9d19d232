import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import {
  BASE_DELAY_MS,
  delayAfter,
  EMAIL_FREE_FAILURES,
  FailureLog,
  MAX_DELAY_MS,
  MAX_FAILURES_PER_ADDRESS,
  MAX_TRACKED,
  SignInThrottle,
  TOO_MANY_FROM_ADDRESS,
  WINDOW_MS,
} from "./sign-in-throttle";

describe("SignInThrottle: per email", () => {
  it("after three failures from any sources, makes each attempt wait 1 s, 2 s, 4 s ... up to 30 s", () => {
    const t = new SignInThrottle(() => 0);
    const waits: number[] = [];
    // From a fresh address each time, so that only the email's count can be what delays.
    for (let i = 0; i < 10; i++) {
      waits.push(t.delay("a@x.org", "10.9.9.9"));
      t.fail("a@x.org", `10.0.0.${i}`);
    }
    expect([EMAIL_FREE_FAILURES, BASE_DELAY_MS, MAX_DELAY_MS]).toEqual([3, 1_000, 30_000]);
    expect(waits).toEqual([0, 0, 0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(t.delay("b@x.org", "10.9.9.9")).toBe(0);
  });

  it("never refuses an email however often others fail for it: its owner waits at most the cap", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < 1000; i++) t.fail("a@x.org", `10.${i >> 8}.${i & 255}.1`);
    expect(t.refusal("203.0.113.50")).toBeUndefined();
    expect(t.delay("a@x.org", "203.0.113.50")).toBe(MAX_DELAY_MS);
  });

  it("waits less as failures leave the window, and none once all have", () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < 5; i++) {
      clock.now = i * 60_000;
      t.fail("a@x.org", `10.0.0.${i}`);
    }
    expect(t.delay("a@x.org", "10.9.9.9")).toBe(4_000);
    clock.now = WINDOW_MS; // the first failure (at 0) is now 15 minutes old
    expect(WINDOW_MS).toBe(15 * 60_000);
    expect(t.delay("a@x.org", "10.9.9.9")).toBe(2_000);
    clock.now = WINDOW_MS + 4 * 60_000;
    expect(t.delay("a@x.org", "10.9.9.9")).toBe(0);
  });

  it("forgets the failures of an email that signs in", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < 4; i++) t.fail("a@x.org", `10.0.0.${i}`);
    t.succeed("a@x.org", "10.0.0.1");
    expect(t.delay("a@x.org", "10.0.0.9")).toBe(0);
  });
});

describe("SignInThrottle: per source address", () => {
  it("after half its cap of failures from one address, whatever the emails, makes its attempts wait likewise", () => {
    const t = new SignInThrottle(() => 0);
    expect(t.sourceFree).toBe(MAX_FAILURES_PER_ADDRESS / 2);
    const waits: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      waits.push(t.delay(`new-${i}@x.org`, "203.0.113.7"));
      t.fail(`user-${i}@x.org`, "203.0.113.7");
    }
    expect(waits.slice(9, 16)).toEqual([0, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000]);
    expect(t.delay("someone-new@x.org", "198.51.100.1")).toBe(0);
  });

  it("refuses an address after its limit of failures across different emails; other addresses go on", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect(t.refusal("203.0.113.7")).toBeUndefined();
      t.fail(`user-${i}@x.org`, "203.0.113.7");
    }
    expect(t.refusal("203.0.113.7")).toBe(TOO_MANY_FROM_ADDRESS);
    expect(t.refusal("198.51.100.1")).toBeUndefined();
  });

  it("has the default of SIGN_IN_MAX_FAILURES_PER_ADDRESS, and takes another", () => {
    expect(parseEnv({}).SIGN_IN_MAX_FAILURES_PER_ADDRESS).toBe(MAX_FAILURES_PER_ADDRESS);
    const t = new SignInThrottle(() => 0, 2);
    t.fail("a@x.org", "10.0.0.1");
    t.fail("b@x.org", "10.0.0.1");
    expect(t.refusal("10.0.0.1")).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it("a right password takes back only its own attempt for the address, not the address's earlier failures", () => {
    const t = new SignInThrottle(() => 0, 3);
    t.fail("guess-1@x.org", "10.0.0.1");
    t.fail("guess-2@x.org", "10.0.0.1");
    t.fail("mine@x.org", "10.0.0.1"); // counted before the compare ...
    t.succeed("mine@x.org", "10.0.0.1"); // ... and taken back when it was right
    expect(t.refusal("10.0.0.1")).toBeUndefined();
    t.fail("guess-3@x.org", "10.0.0.1");
    expect(t.refusal("10.0.0.1")).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it("an attempt never compared is taken back for both its email and its address", () => {
    const t = new SignInThrottle(() => 0, 4);
    for (let i = 0; i < 4; i++) t.fail("a@x.org", "10.0.0.1");
    t.takeBack("a@x.org", "10.0.0.1");
    expect(t.refusal("10.0.0.1")).toBeUndefined();
    expect(t.delay("a@x.org", "10.0.0.2")).toBe(1_000);
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
  it("by count: neither table holds more than its maximum of keys, however many emails and addresses come", () => {
    const t = new SignInThrottle(() => 0, MAX_FAILURES_PER_ADDRESS, 100);
    for (let i = 0; i < 1000; i++) t.fail(`invented-${i}@x.org`, `2001:db8::${i.toString(16)}`);
    expect(t.tracked).toEqual({ emails: 100, addresses: 100 });
    expect(MAX_TRACKED).toBe(10_000);
  });

  it("by age: failures older than the window are dropped at the next failure, full table or not", () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < 50; i++) t.fail(`old-${i}@x.org`, `10.0.0.${i}`);
    clock.now = WINDOW_MS + 1;
    t.fail("new@x.org", "10.0.1.1");
    expect(t.tracked).toEqual({ emails: 1, addresses: 1 });
  });

  it("keeps a key's current failures when invented keys fill the table, dropping expired ones first", () => {
    const clock = { now: 0 };
    const log = new FailureLog(9, () => clock.now, 100);
    for (let i = 0; i < 99; i++) log.add(`old-${i}@x.org`);
    clock.now = 1000;
    for (let i = 0; i < 5; i++) log.add("target@x.org");
    clock.now = WINDOW_MS + 500; // the invented keys' failures have expired, the target's have not
    log.add("new@x.org");
    log.add("newer@x.org");
    expect(log.count("target@x.org")).toBe(5);
    expect(log.size).toBe(3);
  });

  it("a table full of live keys loses its least recently failed key, not the newest", () => {
    const clock = { now: 0 };
    const log = new FailureLog(1, () => clock.now, 3);
    for (const key of ["a", "b", "c"]) {
      clock.now++;
      log.add(key);
    }
    clock.now++;
    log.add("a"); // a failed again: now b is the least recently failed
    log.add("d");
    expect(["a", "b", "c", "d"].map((k) => log.count(k))).toEqual([1, 0, 1, 1]);
  });

  it("keeps only the latest failures of a key, as many as make a difference", () => {
    const clock = { now: 0 };
    const log = new FailureLog(2, () => clock.now, 10);
    for (let i = 0; i < 1000; i++) {
      clock.now = i;
      log.add("k");
    }
    expect(log.count("k")).toBe(2);
    clock.now = WINDOW_MS + 998; // the 999th failure (at 998) has just left the window; the last (at 999) has not
    expect(log.count("k")).toBe(1);
  });

  it("per email, no more failures than reach the longest wait", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < 1000; i++) t.fail("a@x.org", "10.0.0.1");
    // Taking back all but the kept ones leaves the email at the free failures: 1000 were never held.
    for (let i = 0; i < 6; i++) t.takeBack("a@x.org", "10.0.0.1");
    expect(t.delay("a@x.org", "10.9.9.9")).toBe(1_000);
  });
});
