/**
 * The partner organisation a connection reads through (docs/review.md, Who sees what): the partner service's address
 * and the partner ID it registered the organisation under. Users whose connections name the same pair read a study
 * as one organisation: they see each other's comments and review progress; a user of another organisation never
 * does. Kept in the store as a hash, as a partner identity is (lib/study-cache/cache-keys.ts).
 */
import { createHash } from "node:crypto";
import { normalBaseUrl } from "@/lib/study-cache/cache-keys";

export interface PartnerOrganisation {
  baseUrl: string;
  partnerId: string;
}

/** SHA-256 in hex of the normalised base URL and the partner ID. */
export function organisationOf(p: PartnerOrganisation): string {
  return createHash("sha256")
    .update(JSON.stringify([normalBaseUrl(p.baseUrl), p.partnerId]))
    .digest("hex");
}
