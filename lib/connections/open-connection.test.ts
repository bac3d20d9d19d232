import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import { createConnection } from "@/lib/db/connections";
import type { Store } from "@/lib/store/store";
import { STORE_KINDS, testStore } from "@/lib/store/testing";
import { BaseUrlNotAllowedError } from "./allowlist";
import { openConnection } from "./open-connection";
import { addUserRow } from "./testing";

// openConnection checks the stored address against the allow-list from the environment when none is given.
vi.stubEnv("PARTNER_BASE_URL_ALLOWLIST", "https://partner.example.org");

const key = randomBytes(32);
const SECRET = "s3cret-client-value-9f8e7d";
const fields = (baseUrl: string) => ({
  name: "Northstar",
  baseUrl,
  partnerId: "NORTHSTAR",
  clientId: "northstar-portal",
  studies: ["ONC-101"],
});

describe.each(STORE_KINDS)("openConnection (%s)", (kind) => {
  let store: Store;
  let alice: number;
  beforeEach(async () => {
    store = await testStore(kind);
    alice = await addUserRow(store, "a@x.org");
  });
  afterEach(async () => store.close());

  it("gives the credentials of a connection whose address is on the allow-list", async () => {
    const c = await createConnection(store, alice, fields("https://partner.example.org"), SECRET, key);
    expect((await openConnection(store, alice, c.id, { key }))?.credentials()).toEqual({
      baseUrl: "https://partner.example.org",
      partnerId: "NORTHSTAR",
      clientId: "northstar-portal",
      clientSecret: SECRET,
    });
  });

  it("gives no credentials for a stored address the allow-list does not have, before opening the secret", async () => {
    const c = await createConnection(store, alice, fields("http://10.1.2.3:8080"), SECRET, key);
    const offList = await openConnection(store, alice, c.id, { key });
    expect(() => offList?.credentials()).toThrow(BaseUrlNotAllowedError);
    // The list is checked first: even a secret that would not open gets the address error, which is the one to fix.
    const otherKey = await openConnection(store, alice, c.id, { key: randomBytes(32) });
    expect(() => otherKey?.credentials()).toThrow(BaseUrlNotAllowedError);
    const listed = await openConnection(store, alice, c.id, { key, allowed: ["http://10.1.2.3:8080"] });
    expect(listed?.credentials().clientSecret).toBe(SECRET);
    const allowed = await createConnection(store, alice, fields("https://partner.example.org"), SECRET, key);
    const elsewhere = await openConnection(store, alice, allowed.id, {
      key,
      allowed: ["https://elsewhere.example.org"],
    });
    expect(() => elsewhere?.credentials()).toThrow(BaseUrlNotAllowedError);
    // The connection itself is still known, so that a page can say which one to fix.
    expect(elsewhere?.connection.id).toBe(allowed.id);
  });

  it("says when the secret was sealed under another key", async () => {
    const c = await createConnection(store, alice, fields("https://partner.example.org"), SECRET, key);
    const opened = await openConnection(store, alice, c.id, { key: randomBytes(32) });
    expect(() => opened?.credentials()).toThrow(SecretBoxError);
  });

  it("knows no connection of another user", async () => {
    const c = await createConnection(store, alice, fields("https://partner.example.org"), SECRET, key);
    expect(await openConnection(store, alice + 1, c.id, { key })).toBeUndefined();
  });
});
