/**
 * The only way from a request to cached study data: the signed-in user's own
 * connection, with the credentials that openConnection
 * decrypts for that user. A connection ID of another user, or none, gives undefined, and no
 * client secret ever leaves this module's callers on the server. Refusals,
 * completed loads and refreshes go to the audit trail (study-audit.ts). The
 * user is the study cache's caller, whose loads and sign-ins it limits, and
 * Refresh is limited per user and study (refresh-limit.ts; docs/security.md).
 */
import { BaseUrlNotAllowedError } from "@/lib/connections/allowlist";
import { openConnection } from "@/lib/connections/open-connection";
import { recordRefusedConnection } from "@/lib/connections/refused-connection";
import { takeCounted, type WindowLimit } from "@/lib/coordination/limits";
import { SecretBoxError } from "@/lib/crypto/secret-box";
import type { Connection } from "@/lib/db/connections";
import { organisationOf } from "@/lib/review/organisation";
import { refusedReview, type StudyReview } from "@/lib/review/study-review";
import { refusedViews, type StudyViews, studyViewsOf } from "@/lib/review/study-views";
import type { SnapshotStore } from "@/lib/snapshots/snapshot-store";
import { portalStore } from "@/lib/store/portal-store";
import { pastRows, snapshotStore, studyCache } from "@/lib/study/study-cache-instance";
import type { RecordTypeProgress, RefreshOutcome, StudyCache } from "@/lib/study-cache/study-cache";
import type { PartnerCredentials } from "@/partner-api/credentials";
import { recordingFailures } from "./load-failures";
import { loadFailures } from "./load-failures-instance";
import { refreshKey, refreshLimit } from "./refresh-limit";
import {
  recordingForbidden,
  recordKept,
  recordLoad,
  recordRefresh,
  recordStudyRefused,
  type StudyAuditContext,
  type StudyRequest,
} from "./study-audit";
import { refusedHistory, type StudyHistory, studyHistory } from "./study-history";
import type { StudyRoute } from "./study-route";
import { cachedStudy, type StudyData } from "./study-rows";
import { userReview } from "./user-review";

/** A study the user opened, with its data through the cache: rows(recordType) is what every section loader takes. */
export interface UserStudy extends StudyData {
  connection: Connection;
  study: string;
  /** Whether the study is one of those the user listed on the connection; rows() of any other fails at once. */
  listed: boolean;
  refresh(): Promise<StudyRefreshOutcome>;
  progress(): RecordTypeProgress[];
  /** The study's kept snapshots, read after its rows were served to these credentials (Changes, past views). */
  history: StudyHistory;
  /** The past study snapshot this study is read at (sections/frame/past-study.ts); absent: the latest data. */
  past?: number;
  /** The user's reviewed marks of the study's records (docs/review.md). */
  review: StudyReview;
  /** The user's saved views of the study and those shared with their organisation (docs/review.md). */
  views: StudyViews;
}

/**
 * What Refresh did: the cache's outcome, or nothing, the user having pressed it too often (refresh-limit.ts) or the
 * presses being impossible to count (Redis does not answer: docs/coordination.md).
 */
export type StudyRefreshOutcome =
  | RefreshOutcome
  | { status: "limited"; retryAfterSeconds: number }
  | { status: "not-counted" };

/** rows() of a study that is not on the connection's list: no request is made for it. */
export class StudyNotListedError extends Error {
  constructor(study: string) {
    super(`Study ${study} is not on this connection's list of studies.`);
    this.name = "StudyNotListedError";
  }
}

/**
 * `request`: where the request came from and through what, for the audit trail (a study page by default);
 * `refreshes`: the limit of Refresh presses (the process's); `snapshots`: where kept snapshots are read (the
 * process's).
 */
export async function openUserStudy(
  userId: number,
  route: StudyRoute,
  cache: StudyCache = studyCache(),
  request: StudyRequest = { address: null, via: "study_page" },
  refreshes: WindowLimit<string> = refreshLimit(),
  snapshots: SnapshotStore | undefined = snapshotStore(),
): Promise<UserStudy | undefined> {
  const { connectionId, study } = route;
  const store = await portalStore();
  const found = await openConnection(store, userId, connectionId);
  if (!found) {
    await recordRefusedConnection(store, { userId, address: request.address }, connectionId, request.via, study);
    return undefined;
  }
  const { connection } = found;
  const audit: StudyAuditContext = { ...request, userId, connectionId, study };
  if (!connection.studies.includes(study)) {
    await recordStudyRefused(audit, "study_not_listed");
    return refusing(connection, study, false, new StudyNotListedError(study));
  }
  let creds: PartnerCredentials;
  try {
    creds = found.credentials();
  } catch (err) {
    // An address off the allow-list or a secret sealed under another key: no request; the page explains it
    // (error-advice).
    if (!(err instanceof SecretBoxError || err instanceof BaseUrlNotAllowedError)) throw err;
    const unusable = refusing(connection, study, true, err);
    // Kept for the studies list, which says the connection is unusable (./load-failures.ts).
    return { ...unusable, rows: recordingFailures(audit, unusable, loadFailures()).rows };
  }
  const caller = `user:${userId}`;
  // A failed load is kept for the studies list (./load-failures.ts); the partner's refusal goes to the trail.
  const data = recordingFailures(
    audit,
    recordingForbidden(
      audit,
      cachedStudy(cache, creds, study, {
        caller,
        onLoaded: (load) => recordLoad(audit, load),
        onKept: (kept) => recordKept(audit, kept),
      }),
    ),
    loadFailures(),
  );
  const history = studyHistory(snapshots, creds, study, () => data.rows("Patient"), {
    past: pastRows(),
    onRead: (load) => recordLoad(audit, load),
    kept: () => cache.snapshotsKept(creds, study),
  });
  return {
    connection,
    study,
    listed: true,
    ...data,
    history,
    review: userReview({ store, organisation: organisationOf(connection), study, userId }, data, history),
    views: studyViewsOf({
      store,
      organisation: organisationOf(connection),
      study,
      userId,
      served: () => data.rows("Patient"),
    }),
    refresh: async () => {
      // Not recorded: nothing was done, and a refusal costs nothing to ask for again and again.
      const waitMs = await takeCounted(refreshes, refreshKey(userId, study));
      if (waitMs === undefined) return { status: "not-counted" };
      if (waitMs > 0) return { status: "limited", retryAfterSeconds: Math.ceil(waitMs / 1000) };
      const outcome = await cache.refresh(creds, study, caller);
      await recordRefresh(audit, outcome);
      return outcome;
    },
    progress: () => cache.progress(creds, study),
  };
}

/** A study whose data cannot be asked for: rows() fails with `err` before any request. */
function refusing(connection: Connection, study: string, listed: boolean, err: Error): UserStudy {
  return {
    connection,
    study,
    listed,
    rows: () => Promise.reject(err),
    refresh: async () => ({ status: "refused" }),
    progress: () => [],
    history: refusedHistory(err),
    review: refusedReview(err),
    views: refusedViews(err),
  };
}
