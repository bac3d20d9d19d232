import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/config/env";
import {
  FailureLog,
  MAX_FAILURES,
  MAX_FAILURES_PER_ADDRESS,
  MAX_TRACKED,
  SignInThrottle,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_FROM_ADDRESS,
  WINDOW_MS,
} from "./sign-in-throttle";

describe("SignInThrottle: per email", () => {
  it("blocks an email after five failures within fifteen minutes, and only that email", () => {
    const t = new SignInThrottle(() => 0);
    // From different addresses, so that only the email's count can be what blocks.
    for (let i = 0; i < MAX_FAILURES - 1; i++) t.fail("a@x.org", `10.0.0.${i}`);
    expect(t.refusal("a@x.org", "10.0.1.1")).toBeUndefined();
    t.fail("a@x.org", "10.0.0.9");
    expect(MAX_FAILURES).toBe(5);
    expect(t.refusal("a@x.org", "10.0.1.1")).toBe(TOO_MANY_ATTEMPTS);
    expect(t.refusal("b@x.org", "10.0.1.1")).toBeUndefined();
  });

  it("lets the email in again once the oldest failure leaves the window", () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < 5; i++) {
      clock.now = i * 60_000;
      t.fail("a@x.org", "10.0.0.1");
    }
    clock.now = WINDOW_MS; // the first failure (at 0) is now 15 minutes old
    expect(WINDOW_MS).toBe(15 * 60_000);
    expect(t.refusal("a@x.org", "10.0.0.1")).toBeUndefined();
  });

  it("forgets the failures of an email that signs in", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < 4; i++) t.fail("a@x.org", "10.0.0.1");
    t.succeed("a@x.org", "10.0.0.1");
    for (let i = 0; i < 4; i++) t.fail("a@x.org", "10.0.0.1");
    expect(t.refusal("a@x.org", "10.0.0.1")).toBeUndefined();
  });
});

describe("SignInThrottle: per source address", () => {
  it("holds off an address after its limit of failures across different emails; other addresses go on", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect(t.refusal(`user-${i}@x.org`, "203.0.113.7")).toBeUndefined();
      t.fail(`user-${i}@x.org`, "203.0.113.7");
    }
    expect(t.refusal("someone-new@x.org", "203.0.113.7")).toBe(TOO_MANY_FROM_ADDRESS);
    expect(t.refusal("someone-new@x.org", "198.51.100.1")).toBeUndefined();
  });

  it("has the default of SIGN_IN_MAX_FAILURES_PER_ADDRESS, and takes another", () => {
    expect(parseEnv({}).SIGN_IN_MAX_FAILURES_PER_ADDRESS).toBe(MAX_FAILURES_PER_ADDRESS);
    const t = new SignInThrottle(() => 0, 2);
    t.fail("a@x.org", "10.0.0.1");
    t.fail("b@x.org", "10.0.0.1");
    expect(t.refusal("c@x.org", "10.0.0.1")).toBe(TOO_MANY_FROM_ADDRESS);
  });

  it("a right password takes back only its own attempt for the address, not the address's earlier failures", () => {
    const t = new SignInThrottle(() => 0, 3);
    t.fail("guess-1@x.org", "10.0.0.1");
    t.fail("guess-2@x.org", "10.0.0.1");
    t.fail("mine@x.org", "10.0.0.1"); // counted before the compare ...
    t.succeed("mine@x.org", "10.0.0.1"); // ... and taken back when it was right
    expect(t.refusal("guess-3@x.org", "10.0.0.1")).toBeUndefined();
    t.fail("guess-3@x.org", "10.0.0.1");
    expect(t.refusal("guess-4@x.org", "10.0.0.1")).toBe(TOO_MANY_FROM_ADDRESS);
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
    const log = new FailureLog(MAX_FAILURES, () => clock.now, 100);
    for (let i = 0; i < 99; i++) log.add(`old-${i}@x.org`);
    clock.now = 1000;
    for (let i = 0; i < MAX_FAILURES; i++) log.add("target@x.org");
    clock.now = WINDOW_MS + 500; // the invented keys' failures have expired, the target's have not
    log.add("new@x.org");
    log.add("newer@x.org");
    expect(log.full("target@x.org")).toBe(true);
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
    expect(["a", "b", "c", "d"].map((k) => log.full(k))).toEqual([true, false, true, true]);
  });

  it("keeps only the latest failures of a key, as many as its limit", () => {
    const clock = { now: 0 };
    const log = new FailureLog(2, () => clock.now, 10);
    for (let i = 0; i < 1000; i++) {
      clock.now = i;
      log.add("k");
    }
    expect(log.count("k")).toBe(2);
    clock.now = WINDOW_MS + 998; // the 999th failure (at 998) has just left the window; the last (at 999) has not
    expect(log.count("k")).toBe(1);
    expect(log.full("k")).toBe(false);
  });
});
