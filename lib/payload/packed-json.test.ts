import { describe, expect, it } from "vitest";
import { pack, unpack } from "./packed-json";

describe("pack and unpack", () => {
  it("give back nested values exactly", () => {
    const value = {
      bars: [{ id: "109-0001", percent: -32.5, flags: [true, false], note: null, details: [["Grade", "3"]] }],
      text: '</script><script>alert(1)</script> "quoted"\n',
    };
    expect(unpack(pack(value))).toEqual(value);
  });

  it("keep numbers JSON cannot write, and say so", () => {
    const packed = pack({ a: Number.NaN, b: [Number.POSITIVE_INFINITY, 1], c: Number.NEGATIVE_INFINITY });
    expect(packed.numbers).toBe(true);
    const back = unpack(packed);
    expect(back.a).toBeNaN();
    expect(back.b).toEqual([Number.POSITIVE_INFINITY, 1]);
    expect(back.c).toBe(Number.NEGATIVE_INFINITY);
  });

  it("find an unwritable number however deep it is", () => {
    const back = unpack(pack({ a: [{ b: [[1, { c: Number.NaN }]] }], d: 2 }));
    expect(back.a[0].b[0][1]).toEqual({ c: Number.NaN });
    expect(back.d).toBe(2);
  });

  it("need no reviver for finite numbers", () => {
    expect(pack([1, 2.5, -3]).numbers).toBeUndefined();
  });

  it("leave out a property whose value is undefined", () => {
    expect(unpack(pack({ a: 1, b: undefined }))).toStrictEqual({ a: 1 });
  });
});
