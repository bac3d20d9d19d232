/**
 * For tests: request headers as server/serve.mjs stamps them (lib/http/client-address.ts), with a token for this
 * process put where the server script keeps its own.
 */
import { randomBytes } from "node:crypto";
import { PEER_HEADER, PEER_TOKEN_HEADER, PEER_TOKEN_SLOT } from "./client-address";

export function serverToken(): string {
  const slots = globalThis as unknown as Record<symbol, string | undefined>;
  slots[PEER_TOKEN_SLOT] ??= randomBytes(32).toString("base64url");
  return slots[PEER_TOKEN_SLOT];
}

/** The headers of a request the server script received from `address`. */
export const fromPeer = (address: string): Record<string, string> => ({
  [PEER_HEADER]: address,
  [PEER_TOKEN_HEADER]: serverToken(),
});
