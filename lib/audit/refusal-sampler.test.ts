import { describe, expect, it } from "vitest";
import { RefusalSampler, SAMPLE_INTERVAL_MS } from "./refusal-sampler";

describe("RefusalSampler", () => {
  it("records the first refusal of a source, counts the next ones within a minute, and says so after it", () => {
    const clock = { now: 0 };
    const s = new RefusalSampler(() => clock.now);
    expect(s.take("a")).toEqual({ record: true, unrecorded: 0 });
    expect(s.take("a")).toEqual({ record: false });
    expect(s.take("b")).toEqual({ record: true, unrecorded: 0 });
    clock.now = SAMPLE_INTERVAL_MS - 1;
    expect(s.take("a")).toEqual({ record: false });
    clock.now = SAMPLE_INTERVAL_MS;
    expect(s.take("a")).toEqual({ record: true, unrecorded: 2 });
    expect(s.take("a")).toEqual({ record: false });
  });

  it("keeps at most its bound of sources, dropping the least recently refused", () => {
    const s = new RefusalSampler(() => 0, 3);
    for (const k of ["a", "b", "c"]) s.take(k);
    s.take("a");
    s.take("d");
    expect(s.size).toBe(3);
    // "b" was dropped: it is recorded again at once; "a" was kept and is still held off.
    expect(s.take("b")).toEqual({ record: true, unrecorded: 0 });
    expect(s.take("a")).toEqual({ record: false });
  });
  it("gives back, once their minute has passed, the refusals counted but not yet written, as their latest", () => {
    const clock = { now: 0 };
    const s = new RefusalSampler<string>(() => clock.now);
    expect(s.take("a", "first")).toEqual({ record: true, unrecorded: 0 });
    for (const n of [2, 3, 4]) expect(s.take("a", `refusal ${n}`)).toEqual({ record: false });
    s.take("b", "only");
    clock.now = SAMPLE_INTERVAL_MS - 1;
    expect(s.due()).toEqual([]);
    clock.now = SAMPLE_INTERVAL_MS;
    // The entry stands for refusal 4; refusals 2 and 3 had none. "b" had nothing left to write.
    expect(s.due()).toEqual([{ latest: "refusal 4", unrecorded: 2 }]);
    expect(s.due()).toEqual([]);
    // Written now, "a" starts a new minute: a refusal within it is counted, not recorded.
    clock.now = SAMPLE_INTERVAL_MS + 1;
    expect(s.take("a", "refusal 5")).toEqual({ record: false });
  });
});
