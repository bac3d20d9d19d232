/**
 * `npm run audit` as an operator runs it, against a portal database file: verify's answer and exit code on an
 * intact and on a tampered trail, and export's JSON lines, each of which checks alone by its hash.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit/record-audit";
import { openPortalDb } from "@/lib/db/portal-db";

let dir: string;
let path: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "audit-cli-"));
  path = join(dir, "portal.db");
  const db = openPortalDb(path);
  for (const study of ["ONC-101", "CARD-201", "ONC-102"])
    recordAudit(db, {
      actor: null,
      action: "study.refresh",
      connectionId: "c-1",
      study,
      details: { outcome: "dropped", entries: 1 },
    });
  db.close();
});

const audit = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", "scripts/audit.ts", ...args], {
    env: { ...process.env, PORTAL_DB_PATH: path },
    encoding: "utf8",
  });

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
      expect(createHash("sha256").update(text).digest("hex")).toBe(hash);
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

  it("verify passes an intact trail, then names the entry changed in the file and exits 1", () => {
    const ok = audit("verify");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/intact: 3 entries\. Last entry 3, hash [0-9a-f]{64}/);
    const raw = new Database(path);
    raw.exec("DROP TRIGGER audit_log_no_update");
    raw.prepare("UPDATE audit_log SET study = 'ONC-999' WHERE id = 2").run();
    raw.close();
    const broken = audit("verify");
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("Audit trail broken at entry 2 (hash mismatch)");
  });
});
