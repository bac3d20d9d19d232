/** The service limits sources by the key lib/client-address.ts defines for the whole app (IPv6 by /64). */
export { sourceKey } from "../client-address";
