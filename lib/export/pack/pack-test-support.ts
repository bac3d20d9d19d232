/**
 * For the pack's tests: a ZIP read back with yauzl (every entry's bytes by name), a sink that keeps what is written
 * to it, a pack of one synthetic LB dataset of any size, and the partner API's own records of a search over HTTP
 * (every page, by the `next` links), so that expected counts come from the API, not from the code under test.
 */
import { Writable } from "node:stream";
import yauzl from "yauzl";
import { DEFAULT_RESPONSE_OPTIONS } from "@/lib/clinical/response/best-response";
import { type SdtmDataset, variable } from "@/lib/clinical/sdtm/dataset";
import { getToken, northstar, TEST_API, type TestService } from "@/partner-service/testing";
import type { ExportPackData } from "./pack-data";

export function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on("error", reject);
      file.on("end", () => resolve(entries));
      file.on("entry", (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const parts: Buffer[] = [];
          stream.on("data", (b: Buffer) => parts.push(b));
          stream.on("error", reject);
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** A sink that keeps every byte written to it. */
export function memorySink(): { sink: Writable; bytes: () => Buffer } {
  const parts: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, next) {
      parts.push(chunk);
      next();
    },
  });
  return { sink, bytes: () => Buffer.concat(parts) };
}

/** An LB dataset of `rows` records (LBSEQ, LBORRES = LBSEQ × 7919); reading row `failAt` throws, when given. */
function syntheticLb(rows: number, failAt?: number): SdtmDataset {
  return {
    name: "LB",
    label: "Laboratory Test Results",
    variables: [variable("LBSEQ", "Sequence Number", "integer", "s"), variable("LBORRES", "Result", "string", "s")],
    keys: ["LBSEQ"],
    count: rows,
    *records() {
      for (let i = 1; i <= rows; i++) {
        if (i === failAt) throw new Error(`row ${i} could not be read`);
        yield { LBSEQ: i, LBORRES: `${i * 7919}` };
      }
    },
  };
}

/** The pack's data of study S-1 as of 2026-01-02: the synthetic LB alone, nothing derived. */
export const syntheticPack = (rows: number, failAt?: number): ExportPackData => ({
  asOf: Date.UTC(2026, 0, 2),
  rejected: [],
  study: "S-1",
  sponsorStudyNumbers: [],
  recist: false,
  datasets: [syntheticLb(rows, failAt)],
  aeByTerm: { n: 0, subgroup: null, subgroups: [], rows: [] },
  responseOptions: DEFAULT_RESPONSE_OPTIONS,
  responses: [],
  responsesDiffer: new Set(),
  findings: [],
});

export const syntheticPeople = {
  connection: { name: "c", partnerId: "P" },
  user: { email: "e@x.test", name: "E" },
};

export type ApiRecord = Record<string, unknown> & { extension?: { url: string; valueString?: string }[] };

/** Every record of a search of the in-process service, as Northstar sees it. */
export async function apiRecords(t: TestService, search: string): Promise<ApiRecord[]> {
  const token = await getToken(t);
  const out: ApiRecord[] = [];
  let url: string | undefined = `${TEST_API}/${search}${search.includes("?") ? "&" : "?"}_count=1000`;
  while (url) {
    const res = await t.fetch(url, {
      headers: { authorization: `Bearer ${token}`, "x-partnerid": northstar.partnerId },
    });
    if (res.status !== 200) throw new Error(`${search}: ${res.status}`);
    const bundle = (await res.json()) as {
      entry?: { resource: ApiRecord }[];
      link?: { relation: string; url: string }[];
    };
    out.push(...(bundle.entry ?? []).map((e) => e.resource));
    url = bundle.link?.find((l) => l.relation === "next")?.url;
  }
  return out;
}
