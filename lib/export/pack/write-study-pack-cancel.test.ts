/**
 * A pack cancelled or whose sink fails: the promise rejects with the reason, the sink is destroyed, nothing ends;
 * and a pack kept to a pace of rows a second.
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { syntheticPack as data, memorySink, syntheticPeople as people, readZip } from "./pack-test-support";
import { writeStudyPack } from "./write-study-pack";

describe("writeStudyPack", () => {
  it("stops when cancelled: rejects with the reason, destroys the sink, and writes no manifest", async () => {
    const { sink, bytes } = memorySink();
    const cancel = new AbortController();
    const reason = new Error("cancelled by the user");
    const writing = writeStudyPack(
      { data: data(200_000), ...people },
      sink,
      (_files, rows) => {
        if (rows > 10_000) cancel.abort(reason);
      },
      cancel.signal,
    );
    await expect(writing).rejects.toBe(reason);
    expect(sink.destroyed).toBe(true);
    expect(sink.writableFinished).toBe(false);
    expect(bytes().includes(Buffer.from("manifest.json"))).toBe(false);
  });

  it("refuses at once when cancelled before it starts", async () => {
    const { sink } = memorySink();
    const cancel = new AbortController();
    cancel.abort(new Error("too late"));
    await expect(writeStudyPack({ data: data(10), ...people }, sink, () => {}, cancel.signal)).rejects.toThrow(
      "too late",
    );
  });

  it("stops when the sink fails (a download closed)", async () => {
    let written = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, next) {
        written += chunk.length;
        next(written > 100_000 ? new Error("connection closed") : null);
      },
    });
    const writing = writeStudyPack({ data: data(200_000), ...people }, sink, () => {}, new AbortController().signal);
    await expect(writing).rejects.toThrow("connection closed");
  });

  it("tells the plan first, and writes a readable pack of a study's rows", async () => {
    const { sink, bytes } = memorySink();
    const plans: unknown[] = [];
    const summary = await writeStudyPack(
      { data: data(3), ...people, onPlan: (p) => plans.push(p) },
      sink,
      () => {},
      new AbortController().signal,
    );
    const files = await readZip(bytes());
    expect(plans).toEqual([{ files: summary.manifest.files.length + 1, rows: summary.rows }]);
    expect(files.get("sdtm/LB.csv")?.toString("utf8")).toBe(
      '"LBSEQ","LBORRES"\r\n1,"7919"\r\n2,"15838"\r\n3,"23757"\r\n',
    );
    expect(summary.fileName).toBe("S-1_export-pack_2026-01-02.zip");
  });

  it("keeps to EXPORT_MAX_ROWS_PER_SECOND as the tables' exports do", async () => {
    const { sink } = memorySink();
    const started = performance.now();
    // LB's 60,000 rows (CSV and Dataset-JSON) at 100,000 a second: at least the rows before the last piece's pause.
    const summary = await writeStudyPack(
      { data: data(30_000), ...people, rowsPerSecond: 100_000 },
      sink,
      () => {},
      new AbortController().signal,
    );
    expect(summary.rows).toBeGreaterThanOrEqual(60_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });
});
