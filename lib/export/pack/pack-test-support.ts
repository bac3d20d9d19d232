/**
 * For the pack's tests: a ZIP read back with yauzl (every entry's bytes by name), a sink that keeps what is written
 * to it, and the partner API's own records of a search over HTTP (every page, by the `next` links), so that expected
 * counts come from the API, not from the code under test.
 */
import { Writable } from "node:stream";
import yauzl from "yauzl";
import { getToken, northstar, TEST_API, type TestService } from "@/lib/partner-service/testing";

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
