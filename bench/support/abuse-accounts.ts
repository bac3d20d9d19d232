/**
 * The abusive account of `npm run bench:abuse`: a portal user whose connections carry made-up client IDs and
 * secrets, and one with the demo partner's real credentials, written into the running server's portal store as
 * `npm run users` writes while a server runs (the connections go in directly, past the form's cap on connections per
 * user: the benchmark measures the defences behind the cap too). It then signs in over HTTP with its password, like
 * any browser.
 */
import { randomBytes } from "node:crypto";
import { createConnection } from "@/lib/db/connections";
import { openConfiguredStore } from "@/lib/store/portal-store";
import { DEMO_PARTNERS } from "@/partner-service/data/demo-partners";
import { addBenchUser } from "./load-accounts";
import { PortalSession } from "./portal-session";

export interface AbuserPlan {
  portalDbPath: string;
  /** The server's PORTAL_SECRET_KEY (base64 of 32 bytes), which seals connection secrets. */
  secretKey: string;
  study: string;
  partnerBaseUrl: string;
  connections: number;
}

export interface Abuser {
  session: PortalSession;
  /** The connections with made-up credentials. */
  connectionIds: string[];
  /** One connection with the demo partner's real credentials: the abuser may read the study, and export it. */
  goodConnectionId: string;
}

/** Creates the account with `plan.connections` connections under made-up client IDs, and signs it in. */
export async function createAbuser(baseUrl: string, plan: AbuserPlan): Promise<Abuser> {
  const store = await openConfiguredStore(plan.portalDbPath);
  const key = Buffer.from(plan.secretKey, "base64");
  const email = "abuser@abuse.example";
  const password = randomBytes(15).toString("base64url");
  const connectionIds: string[] = [];
  let goodConnectionId = "";
  try {
    const user = await addBenchUser(store, key, { email, name: "Abusive user", password }, "bench-abuse");
    for (let n = 1; n <= plan.connections; n++) {
      const fields = {
        name: `Made-up client ${n}`,
        baseUrl: plan.partnerBaseUrl,
        // A real partner ID with client IDs the registry never issued: of the shape it issues, so every token
        // request reaches the partner's secret check and counts as a failure there.
        partnerId: DEMO_PARTNERS[0].partnerId,
        clientId: `made-up-client-${String(n).padStart(3, "0")}`,
        studies: [plan.study],
      };
      const secret = randomBytes(32).toString("base64url");
      connectionIds.push((await createConnection(store, user.id, fields, secret, key)).id);
    }
    const real = DEMO_PARTNERS[0];
    const fields = {
      name: "Real client",
      baseUrl: plan.partnerBaseUrl,
      partnerId: real.partnerId,
      clientId: real.clientId,
    };
    const good = await createConnection(store, user.id, { ...fields, studies: [plan.study] }, real.clientSecret, key);
    goodConnectionId = good.id;
  } finally {
    await store.close();
  }
  return { session: await PortalSession.signIn(baseUrl, { email, password }), connectionIds, goodConnectionId };
}
