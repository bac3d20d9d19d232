import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIFETIME_SECONDS, IDLE_TIMEOUT_SECONDS, sessionEndsAt, sessionState } from "./session-lifetime";

const T0 = 1_760_000_000;
const MIN = 60;

describe("session lifetime", () => {
  it("is 30 idle minutes and 12 hours in all", () => {
    expect(IDLE_TIMEOUT_SECONDS).toBe(30 * MIN);
    expect(ABSOLUTE_LIFETIME_SECONDS).toBe(12 * 60 * MIN);
  });

  it("ends 30 minutes after the last activity", () => {
    const t = { authTime: T0, lastSeen: T0 + 10 * MIN };
    expect(sessionState(t, T0 + 39 * MIN)).toBe("active");
    expect(sessionState(t, T0 + 40 * MIN - 1)).toBe("active");
    expect(sessionState(t, T0 + 40 * MIN)).toBe("idle");
  });

  it("activity moves the idle deadline but never the 12-hour limit", () => {
    const t = { authTime: T0, lastSeen: T0 + 12 * 60 * MIN - 5 * MIN };
    expect(sessionState(t, T0 + 12 * 60 * MIN - 1)).toBe("active");
    expect(sessionState(t, T0 + 12 * 60 * MIN)).toBe("expired");
    expect(sessionEndsAt(t)).toBe(T0 + 12 * 60 * MIN);
    expect(sessionEndsAt({ authTime: T0, lastSeen: T0 + MIN })).toBe(T0 + 31 * MIN);
  });

  it("treats times in the future or not numbers as expired", () => {
    expect(sessionState({ authTime: T0 + 60, lastSeen: T0 }, T0)).toBe("expired");
    expect(sessionState({ authTime: T0, lastSeen: T0 + 60 }, T0)).toBe("expired");
    expect(sessionState({ authTime: Number.NaN, lastSeen: T0 }, T0)).toBe("expired");
  });
});
