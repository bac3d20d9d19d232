import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { MAX_RUNNING_CHECKS, MAX_WAITING_CHECKS, PasswordCheckLimiter } from "./password-check-limiter";

describe("PasswordCheckLimiter", () => {
  it("runs at most its cap at once; the rest wait their turn and all finish", async () => {
    const limiter = new PasswordCheckLimiter(2, 20);
    let running = 0;
    let most = 0;
    const check = async () => {
      const release = await limiter.enter()!;
      running++;
      most = Math.max(most, running);
      await sleep(5);
      running--;
      release();
    };
    await Promise.all(Array.from({ length: 12 }, check));
    expect(most).toBe(2);
    expect(limiter.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once, without queueing, when the line is full; a finished check makes room", async () => {
    const limiter = new PasswordCheckLimiter(2, 3);
    const turns = Array.from({ length: 5 }, () => limiter.enter());
    expect(turns.every((t) => t !== undefined)).toBe(true);
    expect(limiter.load).toEqual({ running: 2, waiting: 3 });
    expect(limiter.enter()).toBeUndefined();
    const release = await turns[0]!;
    release();
    release(); // a second call changes nothing
    expect(limiter.load).toEqual({ running: 2, waiting: 2 });
    expect(limiter.enter()).toBeDefined();
    expect(limiter.enter()).toBeUndefined();
  });

  it("has a small cap and a short line by default", () => {
    expect(new PasswordCheckLimiter()).toMatchObject({
      maxRunning: MAX_RUNNING_CHECKS,
      maxWaiting: MAX_WAITING_CHECKS,
    });
    expect(MAX_RUNNING_CHECKS).toBeLessThanOrEqual(4);
    expect(MAX_WAITING_CHECKS).toBeLessThanOrEqual(32);
  });
});
