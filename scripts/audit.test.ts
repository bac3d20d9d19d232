/**
 * `npm run audit` as an operator runs it, against a portal database file: verify's answer and exit code on an
 * intact and on a tampered trail, on one cut short (seen by --expect and by the checkpoint file), and export's JSON
 * lines, each of which checks alone by its hash; then the same commands against a PostgreSQL store (DATABASE_URL).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditKeys } from "@/lib/audit/audit-key";
import { appendCheckpoint, checkpointLine } from "@/lib/audit/checkpoint-file";
import { recordAudit } from "@/lib/audit/record-audit";
import { dropAuditTriggers } from "@/lib/audit/testing";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import { testDatabaseUrl, testStore, testStoreSchema, whileNoSchemaChanges } from "@/lib/store/testing";

const secret = randomBytes(32);
// Set for this process and, through process.env, for the commands it runs.
vi.stubEnv("PORTAL_SECRET_KEY", secret.toString("base64"));
/** The chain key as docs/audit.md derives it, to check an exported line as an auditor would. */
const chainKey = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "study-portal audit chain v1", 32));

let dir: string;
let path: string;
/** Three refreshes, of ONC-101, CARD-201 and ONC-102. */
async function threeEntries(store: Store): Promise<void> {
  for (const study of ["ONC-101", "CARD-201", "ONC-102"])
    await recordAudit(store, {
      actor: null,
      action: "study.refresh",
      connectionId: "c-1",
      study,
      details: { outcome: "dropped", entries: 1 },
    });
}

/** The store of a SQLite file, for a step of the test; closed after it. */
async function withFile<T>(file: string, work: (store: Store) => Promise<T>): Promise<T> {
  const store = sqliteStore(openPortalDb(file));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "audit-cli-"));
  path = join(dir, "portal.db");
  await withFile(path, threeEntries);
});

const auditOf = (db: string, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/audit.ts", ...args], {
    env: { ...process.env, PORTAL_DB_PATH: db },
    encoding: "utf8",
  });
const audit = (...args: string[]) => auditOf(path, ...args);

describe("npm run audit", () => {
  it("exports a time range as JSON lines that each check by their own hash, to stdout or a file", () => {
    const today = new Date().toISOString().slice(0, 10);
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/audit.ts", "export", "--from", today, "--to", today],
      {
        env: { ...process.env, PORTAL_DB_PATH: path },
        encoding: "utf8",
      },
    );
    const lines = out.trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).study)).toEqual(["ONC-101", "CARD-201", "ONC-102"]);
    for (const line of lines) {
      const { hash } = JSON.parse(line) as { hash: string };
      expect(Object.keys(JSON.parse(line))).toEqual(Object.keys(JSON.parse(line)).sort());
      // The line is canonical already: dropping "hash" leaves the content text as it was hashed.
      const text = line.replace(`,"hash":"${hash}"`, "");
      expect(createHmac("sha256", chainKey).update(text).digest("hex")).toBe(hash);
    }
    const file = join(dir, "trail.jsonl");
    expect(audit("export", "--from", today, "--to", today, "--out", file).status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(out);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Yesterday has none.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(audit("export", "--from", yesterday, "--to", yesterday).stdout).toBe("");
  });

  it("refuses a bound that is no date, with what it takes, and writes no file", () => {
    const file = join(dir, "never.jsonl");
    const r = audit("export", "--from", "last tuesday", "--to", "2026-01-01", "--out", file);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--from is not a date \(2026-05-01/);
    expect(existsSync(file) || existsSync(`${file}.partial`)).toBe(false);
  });

  it("verify passes an intact trail, then names the entry changed in the file and exits 1", async () => {
    const ok = audit("verify");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/intact: 3 entries\. Last entry 3, hash [0-9a-f]{64}/);
    expect(ok.stdout).toMatch(/Checked against 1 checkpoints/);
    await withFile(path, async (store) => {
      await dropAuditTriggers(store, "audit_log_no_update");
      await store.db.updateTable("audit_log").set({ study: "ONC-999" }).where("id", "=", 2).execute();
    });
    const broken = audit("verify");
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("Audit trail broken at entry 2 (hash mismatch)");
  });

  it("verify names a trail that ends before the entry given by --expect, or before the last checkpoint", async () => {
    const cut = join(dir, "cut.db");
    const last = await withFile(cut, async (store) => {
      for (let i = 0; i < 5; i++) await recordAudit(store, { actor: null, action: "auth.sign_out", details: {} });
      return recordAudit(store, { actor: null, action: "auth.sign_out", details: {} });
    });
    appendCheckpoint(`${cut}.audit-checkpoints.jsonl`, checkpointLine(last, auditKeys(), new Date()));
    const expect6 = ["verify", "--expect", `6:${last.hash}`];
    const wrong = auditOf(cut, "verify", "--expect", `6:${"0".repeat(64)}`);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain("broken at entry 6 (anchor mismatch)");

    await withFile(cut, async (store) => {
      await dropAuditTriggers(store, "audit_log_no_delete");
      await store.db.deleteFrom("audit_log").where("id", ">=", 5).execute();
    });
    const byCheckpoint = auditOf(cut, "verify");
    expect(byCheckpoint.status).toBe(1);
    expect(byCheckpoint.stderr).toMatch(
      /ends before anchor\): the trail ends at entry 4, but line 2 of .* names entry 6/,
    );
    const byExpect = auditOf(cut, ...expect6, "--checkpoints", join(dir, "none.jsonl"));
    expect(byExpect.status).toBe(1);
    expect(byExpect.stderr).toContain("the trail ends at entry 4, but --expect names entry 6: entries were cut off");
  });
});

describe("npm run audit on PostgreSQL", () => {
  let store: Store;
  let auditPg: (...args: string[]) => Promise<ReturnType<typeof spawnSync>>;
  beforeAll(async () => {
    store = await testStore("postgres");
    await threeEntries(store);
    // The configured store is the test's schema, as DATABASE_URL may name one (`options=-c search_path=...`).
    const url = new URL(testDatabaseUrl());
    url.searchParams.set("options", `-c search_path=${testStoreSchema(store)}`);
    const env = {
      ...process.env,
      DATABASE_URL: url.href,
      PORTAL_DB_PATH: join(dir, "never-opened.db"),
      AUDIT_CHECKPOINT_FILE: join(dir, "pg-checkpoints.jsonl"),
    };
    auditPg = (...args) =>
      whileNoSchemaChanges(() =>
        spawnSync(process.execPath, ["--import", "tsx", "scripts/audit.ts", ...args], { env, encoding: "utf8" }),
      );
  });
  afterAll(async () => store.close());

  it("exports and verifies the trail of the configured PostgreSQL store, then names an entry changed", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const exported = await auditPg("export", "--from", today, "--to", today);
    expect(exported.status).toBe(0);
    const lines = String(exported.stdout).trim().split("\n");
    expect(lines.map((l) => JSON.parse(l).study)).toEqual(["ONC-101", "CARD-201", "ONC-102"]);
    for (const line of lines) {
      const { hash } = JSON.parse(line) as { hash: string };
      expect(
        createHmac("sha256", chainKey)
          .update(line.replace(`,"hash":"${hash}"`, ""))
          .digest("hex"),
      ).toBe(hash);
    }
    const ok = await auditPg("verify");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/intact: 3 entries\. Last entry 3, hash [0-9a-f]{64}/);
    expect(ok.stderr).toMatch(/No checkpoint file/);
    expect(existsSync(join(dir, "never-opened.db"))).toBe(false);
    await dropAuditTriggers(store, "audit_log_no_update");
    await store.db.updateTable("audit_log").set({ study: "ONC-999" }).where("id", "=", 2).execute();
    const broken = await auditPg("verify");
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("Audit trail broken at entry 2 (hash mismatch)");
  });
});
