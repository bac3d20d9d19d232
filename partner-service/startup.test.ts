/**
 * The demo partners' secrets are published: their database is created by default only in
 * demo mode, and outside it the service refuses to open a database where one of them still works.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/config/env";
import { DEMO_PARTNERS, liveDemoClients } from "./data/demo-partners";
import { openDatabase } from "./data/open";
import { disableClient, rotateSecret } from "./data/partner-registry";
import { openServiceDatabase, startPartnerServiceOrExit } from "./instance";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "partner-startup-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const small = { DEMO_SUBJECTS: "4", DEMO_VISITS: "2" };
const envAt = (over: Record<string, string>) =>
  parseEnv({ PARTNER_DB_PATH: join(dir, "service.db"), ...small, ...over });

describe("PARTNER_DEMO_DATA", () => {
  it("defaults to DEMO_MODE", () => {
    expect(parseEnv({}).PARTNER_DEMO_DATA).toBe(false);
    expect(parseEnv({ DEMO_MODE: "1" }).PARTNER_DEMO_DATA).toBe(true);
    expect(parseEnv({ DEMO_MODE: "0" }).PARTNER_DEMO_DATA).toBe(false);
  });

  it("is what it is set to, in either mode", () => {
    expect(parseEnv({ DEMO_MODE: "1", PARTNER_DEMO_DATA: "false" }).PARTNER_DEMO_DATA).toBe(false);
    expect(parseEnv({ PARTNER_DEMO_DATA: "1" }).PARTNER_DEMO_DATA).toBe(true);
  });

  it("off, a missing database is an error naming the command that creates one", async () => {
    await expect(openServiceDatabase(envAt({}))).rejects.toThrow(/does not exist.*npm run data/);
  });
});

describe("DEMO_IMPERFECTIONS", () => {
  it("is on unless set off, and refuses anything but a boolean", () => {
    expect(parseEnv({}).DEMO_IMPERFECTIONS).toBe(true);
    expect(parseEnv({ DEMO_IMPERFECTIONS: "0" }).DEMO_IMPERFECTIONS).toBe(false);
    expect(parseEnv({ DEMO_IMPERFECTIONS: "true" }).DEMO_IMPERFECTIONS).toBe(true);
    expect(() => parseEnv({ DEMO_IMPERFECTIONS: "no" })).toThrow(/DEMO_IMPERFECTIONS/);
  });

  it("decides whether the demo database created at start-up carries the imperfections", async () => {
    // 16 subjects of 8 visits: enough for every imperfection to be dealt out (planner.ts) and to take hold.
    const planted = async (setting: string) => {
      const e = envAt({
        PARTNER_DEMO_DATA: "1",
        DEMO_MODE: "1",
        DEMO_SUBJECTS: "16",
        DEMO_VISITS: "8",
        DEMO_IMPERFECTIONS: setting,
      });
      const db = await openServiceDatabase(e);
      const row = db.prepare("SELECT value FROM dataset_info WHERE key = 'imperfections'").get() as { value: string };
      db.close();
      rmSync(e.PARTNER_DB_PATH);
      return (JSON.parse(row.value) as { records: unknown[] }[]).map((i) => i.records.length);
    };
    expect((await planted("1")).every((n) => n > 0)).toBe(true);
    expect(await planted("0")).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe("the service database outside demo mode", () => {
  it("is refused while the demo clients' published secrets work, naming them and the fix", async () => {
    const refusal = openServiceDatabase(envAt({ PARTNER_DEMO_DATA: "1" }));
    await expect(refusal).rejects.toThrow(/cannot start outside demo mode/);
    await expect(refusal).rejects.toThrow(/northstar-portal, lakeside-portal/);
    await expect(refusal).rejects.toThrow(/rotate-secret <client-id>/);
    await expect(refusal).rejects.toThrow(/disable-client/);
  });

  it("opens once every demo client has a new secret or is disabled", async () => {
    const e = envAt({ PARTNER_DEMO_DATA: "1", DEMO_MODE: "1" });
    (await openServiceDatabase(e)).close();
    const db = openDatabase(e.PARTNER_DB_PATH);
    expect(await liveDemoClients(db)).toEqual(DEMO_PARTNERS.map((p) => p.clientId));
    await rotateSecret(db, "northstar-portal");
    expect(await liveDemoClients(db)).toEqual(["lakeside-portal"]);
    disableClient(db, "lakeside-portal");
    expect(await liveDemoClients(db)).toEqual([]);
    db.close();
    const opened = await openServiceDatabase(envAt({}));
    opened.close();
  });

  it("is opened in demo mode, demo secrets and all", async () => {
    const db = await openServiceDatabase(envAt({ DEMO_MODE: "1" }));
    expect(await liveDemoClients(db)).toHaveLength(2);
    db.close();
  });
});

describe("the server's start (instrumentation.ts)", () => {
  it("ends the process with the refusal's message", async () => {
    // The first env() of this test process reads these (nothing before it called env()).
    for (const [k, v] of Object.entries({ PARTNER_DB_PATH: join(dir, "service.db"), PARTNER_DEMO_DATA: "1", ...small }))
      vi.stubEnv(k, v);
    const exit = vi.spyOn(process, "exit").mockImplementation(() => undefined as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await startPartnerServiceOrExit();
      expect(exit).toHaveBeenCalledWith(1);
      expect(error.mock.calls.flat().join("\n")).toMatch(/cannot start outside demo mode.*northstar-portal/s);
    } finally {
      exit.mockRestore();
      error.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
