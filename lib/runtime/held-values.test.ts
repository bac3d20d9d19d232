import { expect, it } from "vitest";
import { heldOr, objectNumbers } from "./held-values";

it("makes a key's value once and keeps it, in a Map or a WeakMap", () => {
  const made: string[] = [];
  const map = new Map<string, string[]>();
  heldOr(map, "a", () => made).push("x");
  heldOr(map, "a", () => []).push("y");
  expect(made).toEqual(["x", "y"]);
  const weak = new WeakMap<object, number>();
  const key = {};
  expect([heldOr(weak, key, () => 1), heldOr(weak, key, () => 2)]).toEqual([1, 1]);
});

it("numbers each object once, in the order first asked, each numbering of its own", () => {
  const a = {};
  const b = {};
  const number = objectNumbers();
  expect([number(a), number(b), number(a)]).toEqual([1, 2, 1]);
  expect(objectNumbers()(b)).toBe(1);
});
