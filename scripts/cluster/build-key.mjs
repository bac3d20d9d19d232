/**
 * Prints the server actions' key of the build in .next when that build was made with it set
 * (NEXT_SERVER_ACTIONS_ENCRYPTION_KEY at `next build`), and nothing otherwise: only such a build can serve many
 * instances (docs/health.md, Shared keys). Next.js keeps the build's key in its server reference manifest; the
 * build's configuration holds the fingerprint next.config.ts made of the key it was given ("" for none), compared
 * here as lib/config/shared-keys.ts computes it.
 *
 * Usage: node scripts/cluster/build-key.mjs (from the repository's root; scripts/cluster/keys.sh).
 */
import { createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

const FINGERPRINT = "STUDY_PORTAL_ACTIONS_KEY_FINGERPRINT";
const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined);

const manifest = existsSync(".next/BUILD_ID") ? read(".next/server/server-reference-manifest.json") : undefined;
const key = manifest?.encryptionKey;
const builtEnv = read(".next/required-server-files.json")?.config?.env ?? {};
const fingerprint = (k) =>
  createHmac("sha256", k).update("study-portal instance key: NEXT_SERVER_ACTIONS_ENCRYPTION_KEY").digest("hex");
// A build from before the fingerprint existed carries none: its key is the one it runs with.
const madeWithKey =
  typeof key === "string" && (!(FINGERPRINT in builtEnv) || builtEnv[FINGERPRINT] === fingerprint(key));
if (madeWithKey) process.stdout.write(key);
