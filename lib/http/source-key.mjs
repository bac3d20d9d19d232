/**
 * The key a source is limited by (failed sign-ins, token requests, checks at once, open connections). Plain
 * JavaScript so that server/serve.mjs, which runs before any TypeScript is compiled, counts its connections by the
 * same key as the app counts everything else (lib/http/client-address.ts re-exports it).
 *
 * An IPv4 address is its own key; an IPv6 address counts by its /64 network, because one subscriber usually holds a
 * whole /64 and could otherwise use a fresh address for every request. Anything else (e.g. "unknown") is used as it
 * is.
 */
import { isIPv6 } from "node:net";

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** @param {string} address @returns {string} */
export function sourceKey(address) {
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const bare = address.split("%")[0].toLowerCase();
  const [head, tail] = bare.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  // "::" stands for the zero groups between; an embedded IPv4 tail (a.b.c.d) is two groups.
  const backGroups = back.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - front.length - backGroups);
  const groups = [...front, ...Array(zeros).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
