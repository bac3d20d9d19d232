/**
 * The export pack's steps for the specs: its control on a study page, its job started from it, its ZIP read back
 * with yauzl (never the portal's code), and the manifest's shape as docs/export-pack.md states it.
 */
import { expect, type Page } from "@playwright/test";
import yauzl from "yauzl";

export const packControl = (page: Page, study: string) =>
  page.getByRole("group", { name: `Export pack of study ${study}` });

/** The pack's job started from the control: its ID, from the answer to the start. */
export async function startPack(page: Page, study: string): Promise<string> {
  const [started] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/exports") && r.request().method() === "POST"),
    packControl(page, study).getByRole("button", { name: "Export pack (ZIP)" }).click(),
  ]);
  expect(started.status()).toBe(202);
  return ((await started.json()) as { id: string }).id;
}

export function readZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      file.on("end", () => resolve(entries));
      file.on("entry", (entry: yauzl.Entry) =>
        file.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const parts: Buffer[] = [];
          stream.on("data", (b: Buffer) => parts.push(b));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
        }),
      );
      file.readEntry();
    });
  });
}

export interface Manifest {
  study: string;
  sponsorStudyNumber: string | null;
  connection: { name: string; partnerId: string };
  dataAsOf: string;
  snapshot: { kind: "latest" | "past"; takenAt: string; fingerprint: string } | null;
  createdAt: string;
  user: { email: string };
  files: { name: string; rows: number; bytes: number; sha256: string }[];
}
