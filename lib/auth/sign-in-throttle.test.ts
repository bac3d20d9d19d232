import { describe, expect, it } from "vitest";
import { MAX_FAILURES, MAX_TRACKED, SignInThrottle, WINDOW_MS } from "./sign-in-throttle";

describe("SignInThrottle", () => {
  it("blocks an email after five failures within fifteen minutes, and only that email", () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < MAX_FAILURES - 1; i++) t.fail("a@x.org");
    expect(t.blocked("a@x.org")).toBe(false);
    t.fail("a@x.org");
    expect(MAX_FAILURES).toBe(5);
    expect(t.blocked("a@x.org")).toBe(true);
    expect(t.blocked("b@x.org")).toBe(false);
  });

  it("lets the email in again once the oldest failure leaves the window", () => {
    const clock = { now: 0 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < 5; i++) {
      clock.now = i * 60_000;
      t.fail("a@x.org");
    }
    clock.now = WINDOW_MS; // the first failure (at 0) is now 15 minutes old
    expect(WINDOW_MS).toBe(15 * 60_000);
    expect(t.blocked("a@x.org")).toBe(false);
  });

  it("keeps an address's current failures when invented addresses fill the table, dropping expired ones first", () => {
    const clock = { now: 1000 };
    const t = new SignInThrottle(() => clock.now);
    for (let i = 0; i < MAX_FAILURES; i++) t.fail("target@x.org");
    clock.now = 0;
    for (let i = 0; i < MAX_TRACKED - 1; i++) t.fail(`old-${i}@x.org`);
    clock.now = WINDOW_MS + 500; // the invented addresses' failures have expired, the target's have not
    t.fail("new@x.org");
    expect(t.blocked("target@x.org")).toBe(true);
  });

  it("forgets the failures of an email that signs in", () => {
    const t = new SignInThrottle(() => 0);
    for (let i = 0; i < 4; i++) t.fail("a@x.org");
    t.succeed("a@x.org");
    for (let i = 0; i < 4; i++) t.fail("a@x.org");
    expect(t.blocked("a@x.org")).toBe(false);
  });
});
