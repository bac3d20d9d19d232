/**
 * Test support: two reviewers of one organisation, Ana and Bo (users of the test store), reading study ONC-101 as
 * partner NORTHSTAR on the in-process partner service, across its data cuts (lib/snapshots/testing.ts); made anew
 * for each test of the file. `studyOf(user, partnerId)`: a user's study, through another organisation where a
 * partner ID is given (lib/review/organisation.ts).
 */
import { beforeEach } from "vitest";
import { insertUserRow } from "@/lib/db/testing";
import { cutKitEach } from "@/lib/snapshots/testing";
import type { UserStudy } from "@/lib/study/open-user-study";
import { credsOf, northstar } from "@/partner-service/testing";
import { testUserStudy } from "./export-testing";

export const REVIEW_STUDY = "ONC-101";

export function reviewersEach() {
  const creds = credsOf(northstar);
  const cut = cutKitEach(creds, REVIEW_STUDY);
  const users = { ana: 0, bo: 0 };
  beforeEach(async () => {
    users.ana = await insertUserRow(cut.store, "ana@example.org");
    users.bo = await insertUserRow(cut.store, "bo@example.org");
  });
  const studyOf = (userId: number, partnerId?: string): UserStudy =>
    testUserStudy(cut.kit.cache, creds, REVIEW_STUDY, cut.kit.snapshots, { store: cut.store, userId, partnerId });
  return { cut, users, studyOf };
}
