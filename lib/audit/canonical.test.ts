/**
 * The canonical form of docs/audit.md, written out by hand here: the expected texts, the key derivation and the
 * HMAC or SHA-256 over them are made in the test with node:crypto, never by the code under test.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { type AuditRow, canonicalJson, entryHash, GENESIS_HASH } from "./canonical";
import { recordAudit } from "./record-audit";
import { addTestUser } from "./testing";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const secret = randomBytes(32);
vi.stubEnv("PORTAL_SECRET_KEY", secret.toString("base64"));
/** The chain key and its ID as docs/audit.md derives them. */
const chainKey = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "study-portal audit chain v1", 32));
const hmac = (text: string) => createHmac("sha256", chainKey).update(text, "utf8").digest("hex");
const keyId = hmac("key id").slice(0, 16);

describe("canonical JSON", () => {
  it.each([
    [{ b: 1, a: [true, null, "x"] }, '{"a":[true,null,"x"],"b":1}'],
    [{ z: { y: 2, x: 1 }, A: 'é\n"q"' }, '{"A":"é\\n\\"q\\"","z":{"x":1,"y":2}}'],
    [{ kept: 0, dropped: undefined }, '{"kept":0}'],
    [[], "[]"],
    [{}, "{}"],
    // Upper case before lower case: UTF-16 code units, as RFC 8785 sorts.
    [{ b: 1, B: 2, _: 3 }, '{"B":2,"_":3,"b":1}'],
    ["tab\tand \u0001", '"tab\\tand \\u0001"'],
  ])("%j is %s", (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it.each([1.5, Number.NaN, 2 ** 60])("refuses %s: whole numbers only", (n) => {
    expect(() => canonicalJson({ n })).toThrow(/whole number/);
  });
});

describe("an entry's hash", () => {
  it.each(STORE_KINDS)(
    "is the HMAC under the chain key of the documented canonical content, chained from 64 zeros (%s)",
    async (kind) => {
      const store = await testStore(kind);
      await addTestUser(store, 7, "ana@example.org", "Ana");
      const first = await recordAudit(store, {
        actor: 7,
        address: "192.0.2.10",
        action: "auth.sign_in",
        details: { method: "password" },
      });
      const expected1 =
        `{"action":"auth.sign_in","actor_email":"ana@example.org","actor_id":7,"address":"192.0.2.10",` +
        `"connection_id":null,"details":{"method":"password"},"id":1,"key_id":"${keyId}",` +
        `"prev_hash":"${"0".repeat(64)}","study":null,"time":"${first.time}"}`;
      expect(first.prev_hash).toBe(GENESIS_HASH);
      expect(first.key_id).toBe(keyId);
      expect(first.hash).toBe(hmac(expected1));

      const second = await recordAudit(store, {
        actor: 7,
        action: "study.refresh",
        connectionId: "c-1",
        study: "ONC-101",
        details: { outcome: "dropped", entries: 3 },
      });
      const expected2 =
        `{"action":"study.refresh","actor_email":"ana@example.org","actor_id":7,"address":null,` +
        `"connection_id":"c-1","details":{"entries":3,"outcome":"dropped"},"id":2,"key_id":"${keyId}",` +
        `"prev_hash":"${first.hash}","study":"ONC-101","time":"${second.time}"}`;
      expect(second.hash).toBe(hmac(expected2));
      expect(second.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // The details column holds the details' canonical text, which is what goes into the content.
      expect(second.details).toBe('{"entries":3,"outcome":"dropped"}');
      // Stored as hashed: the stored row gives the same text.
      const stored = await store.db.selectFrom("audit_log").selectAll().where("id", "=", 2).executeTakeFirstOrThrow();
      expect(stored).toEqual(second);
      await store.close();
    },
  );

  it("of an entry from before keys is the SHA-256 of its content, which has no key_id", () => {
    const row = {
      ...{ id: 1, time: "2026-01-01T00:00:00.000Z", actor_id: null, actor_email: null, address: null },
      ...{ action: "auth.sign_out", connection_id: null, study: null, details: "{}", prev_hash: GENESIS_HASH },
    };
    const content =
      `{"action":"auth.sign_out","actor_email":null,"actor_id":null,"address":null,"connection_id":null,` +
      `"details":{},"id":1,"prev_hash":"${GENESIS_HASH}","study":null,"time":"2026-01-01T00:00:00.000Z"}`;
    expect(entryHash(row)).toBe(sha256(content));
    expect(entryHash({ ...row, key_id: null })).toBe(sha256(content));
  });
});

describe("the worked example of docs/audit.md", () => {
  const doc = readFileSync(new URL("../../docs/audit.md", import.meta.url), "utf8");
  const line = /^\{"action":"study\.load".*\}$/m.exec(doc)?.[0] ?? "";
  const hash = /and its SHA-256 is `([0-9a-f]{64})`/.exec(doc)?.[1];

  it("is the SHA-256 of the line as printed, and what the code computes for the entry it shows", () => {
    expect(line).not.toBe("");
    expect(sha256(line)).toBe(hash);
    const { details, ...columns } = JSON.parse(line) as Omit<AuditRow, "hash" | "details"> & { details: unknown };
    expect(entryHash({ ...columns, details: JSON.stringify(details) })).toBe(hash);
  });
});
