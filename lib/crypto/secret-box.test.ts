import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, SecretBoxError, seal } from "./secret-box";

const key = randomBytes(32);

describe("secret box", () => {
  it("round-trips a secret for the same record", () => {
    expect(open(key, seal(key, "s3cret", "user:1/connection:a"), "user:1/connection:a")).toBe("s3cret");
  });

  it("never stores the plaintext and never repeats a ciphertext", () => {
    const a = seal(key, "s3cret", "x");
    expect(a).not.toContain("s3cret");
    expect(a).not.toBe(seal(key, "s3cret", "x"));
  });

  it.each([
    ["another user", "user:2/connection:a"],
    ["another connection", "user:1/connection:b"],
  ])("refuses a ciphertext moved to %s", (_name, aad) => {
    const sealed = seal(key, "s3cret", "user:1/connection:a");
    expect(() => open(key, sealed, aad)).toThrow(SecretBoxError);
  });

  it("refuses another key and a tampered ciphertext", () => {
    const sealed = seal(key, "s3cret", "r");
    expect(() => open(randomBytes(32), sealed, "r")).toThrow(SecretBoxError);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64");
    expect(() => open(key, parts.join("."), "r")).toThrow(SecretBoxError);
  });

  it.each([4, 8, 12, 15])("refuses the right tag cut to %i bytes (a short tag is a forger's shortcut)", (bytes) => {
    const sealed = seal(key, "s3cret", "r");
    const parts = sealed.split(".");
    parts[2] = Buffer.from(parts[2], "base64").subarray(0, bytes).toString("base64");
    expect(() => open(key, parts.join("."), "r")).toThrow(SecretBoxError);
  });
});
