/**
 * The warm-up of `npm run bench:load`: the study loaded cold by the demo user before any other user, with the
 * partner requests it cost (counted by the proxy in front of the cached identity's service). On one server, the 14
 * views one after another; on a cluster, the same at each instance's own port at once, with one session cookie:
 * the instances share one load through Redis (lib/coordination/shared-loads.ts), so the partner should answer the
 * requests of one load, as for one server. Then every entry of the mix once (at each instance), so that the
 * aggregates they derive exist before the baseline, and each review action is known to be answered. Then the wait
 * until the load's snapshots are kept (./await-keeps.ts).
 */
import { awaitKeeps } from "./await-keeps";
import { describeRequests, type PartnerRequests, requestsSince } from "./counting-proxy";
import { LOAD_MIX, studyTarget } from "./load-mix";
import type { LoadServers } from "./load-servers";
import type { PortalSession } from "./portal-session";
import type { ReviewRecords } from "./review-records";
import { fmt } from "./stats";
import { subjectIds, visitMix, warmStudy } from "./study-visit";

export interface WarmUp {
  seconds: number;
  views: number;
  partner: PartnerRequests;
  ids: string[];
  /** The seconds from the end of the load until its snapshots were kept; null where not within 180 s. */
  keptIn: number | null;
}

export async function warmUp(
  servers: LoadServers,
  exporter: PortalSession,
  studyHref: string,
  records: ReviewRecords,
): Promise<WarmUp> {
  const before = servers.partnerProxy.count();
  const started = performance.now();
  const sessions = servers.cluster ? servers.portals.map((p) => exporter.at(p.url)) : [exporter];
  const loads = await Promise.all(sessions.map((s) => warmStudy(s, studyHref)));
  const seconds = (performance.now() - started) / 1000;
  const partner = requestsSince(before, servers.partnerProxy.count());
  const ids = await subjectIds(exporter, studyHref);
  const context = { study: studyHref, subject: () => ids[0], ...studyTarget(studyHref), records, marked: [] };
  for (const s of sessions) await visitMix(s, LOAD_MIX, context);
  // The load's snapshots are kept on the rendering thread in the seconds after it: a phase begun meanwhile would
  // measure that work, which belongs to the load.
  const source = servers.cluster
    ? { databaseUrl: servers.cluster.databaseUrl }
    : { portalDbPath: servers.portalDbPath };
  const keptIn = await awaitKeeps(source);
  return { seconds, views: loads[0].views, partner, ids, keptIn };
}

export function warmUpLine(w: WarmUp, servers: LoadServers): string {
  const where = servers.cluster
    ? `at the ${servers.portals.length} instances' own ports at once, one session cookie (${w.views} views each, ` +
      "one after another)"
    : `(${w.views} views, one after another)`;
  return (
    `The study loaded cold in ${fmt(w.seconds, 1)} s ${where}, before any user; the partner service answered ` +
    `${describeRequests(w.partner)} requests for it. ` +
    (w.keptIn === null
      ? "Its snapshots were not kept within 180 s."
      : `Its snapshots were kept ${fmt(w.keptIn, 1)} s after its views and the mix's first visit.`)
  );
}
