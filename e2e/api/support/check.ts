import { isDeepStrictEqual } from "node:util";
import { expect } from "@playwright/test";

/**
 * Assertions for loops over thousands of records. Playwright's `expect`
 * records a step per call, which over ~10^5 field checks costs minutes and
 * blocks the worker; a Check collects failures (or throws at the first one,
 * when strict) and the test asserts once with `done()`.
 */
export class Check {
  readonly problems: string[] = [];
  checks = 0;
  constructor(private readonly strict = false) {}

  private fail(message: string): false {
    if (this.strict) throw new Error(message);
    if (this.problems.length < 60) this.problems.push(message);
    return false;
  }

  ok(condition: unknown, what: string): boolean {
    this.checks++;
    return condition ? true : this.fail(what);
  }

  eq(actual: unknown, expected: unknown, what: string): boolean {
    this.checks++;
    return Object.is(actual, expected) ? true : this.fail(`${what}: expected ${fmt(expected)}, got ${fmt(actual)}`);
  }

  deep(actual: unknown, expected: unknown, what: string): boolean {
    this.checks++;
    return isDeepStrictEqual(actual, expected)
      ? true
      : this.fail(`${what}: expected ${fmt(expected)}, got ${fmt(actual)}`);
  }

  match(actual: unknown, re: RegExp, what: string): boolean {
    this.checks++;
    return typeof actual === "string" && re.test(actual)
      ? true
      : this.fail(`${what}: ${fmt(actual)} does not match ${re}`);
  }

  oneOf(actual: unknown, allowed: readonly unknown[], what: string): boolean {
    this.checks++;
    return allowed.includes(actual) ? true : this.fail(`${what}: ${fmt(actual)} is not one of ${fmt(allowed)}`);
  }

  /** Asserts, once, that nothing failed. */
  done(label = "field checks"): void {
    expect(this.problems, `${label} (${this.checks} checks)`).toEqual([]);
  }
}

export const fmt = (v: unknown) => {
  const s = v === undefined ? "undefined" : JSON.stringify(v);
  return s.length > 300 ? `${s.slice(0, 300)}...` : s;
};

/** A Check that throws at the first failure: for single lookups outside loops. */
export const strict = () => new Check(true);
