/**
 * scripts/cluster/build-key.mjs: the build's server actions key is taken only from a build made with it set, which
 * the build's configuration shows by the fingerprint next.config.ts recorded (lib/config/shared-keys.ts computes it).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { keyFingerprint } from "@/lib/config/shared-keys";

const SCRIPT = resolve("scripts/cluster/build-key.mjs");
const KEY = "q2Vq1o3mWvT1Jc0b4m8H0bV3dZ3bQpV8b1w3v4y5z6A=";
let dir: string;

/** A build folder as far as the script reads it: BUILD_ID, the actions manifest's key, the configuration's env. */
function build(files: { key?: string; env?: Record<string, string>; buildId?: boolean }): string {
  dir = mkdtempSync(join(tmpdir(), "build-key-"));
  mkdirSync(join(dir, ".next/server"), { recursive: true });
  if (files.buildId !== false) writeFileSync(join(dir, ".next/BUILD_ID"), "test");
  if (files.key !== undefined)
    writeFileSync(
      join(dir, ".next/server/server-reference-manifest.json"),
      JSON.stringify({ encryptionKey: files.key }),
    );
  writeFileSync(join(dir, ".next/required-server-files.json"), JSON.stringify({ config: { env: files.env ?? {} } }));
  return execFileSync("node", [SCRIPT], { cwd: dir, encoding: "utf8" });
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the build's actions key", () => {
  it("is the manifest's key when the build recorded that key's fingerprint", () => {
    const fingerprint = keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", KEY);
    expect(build({ key: KEY, env: { STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: fingerprint } })).toBe(KEY);
  });

  it("is none when the build was made without a key (its own random one, no fingerprint)", () => {
    expect(build({ key: KEY, env: { STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: "" } })).toBe("");
  });

  it("is none when the fingerprint is another key's", () => {
    const other = keyFingerprint("NEXT_SERVER_ACTIONS_ENCRYPTION_KEY", "another key");
    expect(build({ key: KEY, env: { STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT: other } })).toBe("");
  });

  it("is none without a build", () => {
    expect(build({ key: KEY, buildId: false })).toBe("");
    rmSync(dir, { recursive: true, force: true });
    expect(build({})).toBe("");
  });
});
