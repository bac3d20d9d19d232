/**
 * One chain however many write at once: two connections to one SQLite file, three processes appending to one file,
 * and three instances' stores appending to one PostgreSQL schema; verifyChain accepts each trail whole and gapless.
 * Stores like these, which the configuration does not name, keep no checkpoint file.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { openPostgresStore } from "@/lib/store/postgres-store";
import { openPortalDb } from "@/lib/store/sqlite-file";
import { sqliteStore } from "@/lib/store/sqlite-store";
import type { Store } from "@/lib/store/store";
import { testDatabaseUrl, testStore, testStoreSchema } from "@/lib/store/testing";
import type { AuditInput } from "./audit-events";
import { checkpointFileOf } from "./checkpoint-file";
import { recordAudit } from "./record-audit";
import { verifyChain } from "./verify-chain";

vi.stubEnv("PORTAL_SECRET_KEY", randomBytes(32).toString("base64"));
// No PostgreSQL store is configured: the tests' own stores have no checkpoint file.
vi.stubEnv("DATABASE_URL", "");

const signOut = (address: string): AuditInput => ({ actor: null, address, action: "auth.sign_out", details: {} });
/** How often the writer changes along the trail: more than once each when writers ran side by side. */
const turns = (writers: (string | null)[]) => writers.filter((w, i) => i > 0 && w !== writers[i - 1]).length;
const addresses = async (store: Store) =>
  (await store.db.selectFrom("audit_log").select("address").orderBy("id").execute()).map((r) => r.address);

describe("recordAudit with more than one writer (sqlite)", () => {
  it("keeps one chain with two connections to the same file writing in turn", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "audit-")), "portal.db");
    const [one, two] = [sqliteStore(openPortalDb(path)), sqliteStore(openPortalDb(path))];
    for (let i = 0; i < 20; i++) await recordAudit(i % 3 ? one : two, signOut("x"));
    expect(await verifyChain(one)).toMatchObject({ ok: true, entries: 20 });
    await one.close();
    await two.close();
  });

  it("keeps one chain with three processes appending to the same file at once", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "audit-processes-"));
    const path = join(dir, "portal.db");
    openPortalDb(path).close();
    const script = join(dir, "append.mts");
    const here = (file: string) => JSON.stringify(new URL(file, import.meta.url).pathname);
    writeFileSync(
      script,
      `import { openPortalDb } from ${here("../store/sqlite-file.ts")};
       import { sqliteStore } from ${here("../store/sqlite-store.ts")};
       import { recordAudit } from ${here("./record-audit.ts")};
       const store = sqliteStore(openPortalDb(${JSON.stringify(path)}));
       const address = "writer-" + process.argv[2];
       for (let i = 0; i < 1500; i++)
         await recordAudit(store, { actor: null, address, action: "auth.sign_out", details: {} });
       await store.close();`,
    );
    const runs = [0, 1, 2].map((n) =>
      spawn(process.execPath, ["--import", "tsx", script, String(n)], { stdio: "inherit" }),
    );
    const codes = await Promise.all(runs.map(async (p) => (await once(p, "exit"))[0]));
    expect(codes).toEqual([0, 0, 0]);
    const store = sqliteStore(openPortalDb(path));
    expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 4500 });
    // They did write side by side: the writers take turns more often than once each.
    expect(turns(await addresses(store))).toBeGreaterThan(2);
    await store.close();
  });
});

describe("recordAudit with more than one writer (postgres)", () => {
  it("keeps one gapless chain with three instances' stores appending at once", { timeout: 60_000 }, async () => {
    const store = await testStore("postgres");
    const schema = testStoreSchema(store);
    const instances = await Promise.all([0, 1, 2].map(() => openPostgresStore(testDatabaseUrl(), { schema, max: 4 })));
    try {
      await Promise.all(
        instances.map((instance, n) =>
          Promise.all(Array.from({ length: 300 }, () => recordAudit(instance, signOut(`writer-${n}`)))),
        ),
      );
      expect(await verifyChain(store)).toMatchObject({ ok: true, entries: 900, last: { id: 900 } });
      const writers = await addresses(store);
      for (const n of [0, 1, 2]) expect(writers.filter((w) => w === `writer-${n}`)).toHaveLength(300);
      expect(turns(writers)).toBeGreaterThan(2);
    } finally {
      for (const instance of instances) await instance.close();
      await store.close();
    }
  });
});

describe("the checkpoint file of a PostgreSQL store", () => {
  it("is none for a store other than the configured one (DATABASE_URL)", async () => {
    const store = await testStore("postgres");
    expect(await checkpointFileOf(store)).toBeNull();
    await store.close();
  });
});
