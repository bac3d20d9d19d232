/**
 * The source address of the request being served, for an audit entry: read from the headers Next.js holds for
 * it (lib/http/client-address.ts), or null outside a request (tests, commands) and when the server does not know it.
 */
import { headers } from "next/headers";
import { env } from "@/lib/config/env";
import { clientAddress } from "@/lib/http/client-address";

export async function requestAddress(): Promise<string | null> {
  let list: Headers;
  try {
    list = await headers();
  } catch {
    // Not inside a request: nothing to tell.
    return null;
  }
  const address = clientAddress(list, env().TRUSTED_PROXY_HOPS);
  return address === "unknown" ? null : address;
}

/** Who asks, for the audit trail: the signed-in user's ID and the request's source address (null when unknown). */
export interface Requester {
  userId: number;
  address: string | null;
}

/** The signed-in user of the request being served, as an audit entry names them. */
export async function requesterOf(userId: number): Promise<Requester> {
  return { userId, address: await requestAddress() };
}
