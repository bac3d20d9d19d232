/**
 * "Test connection": asks for a token, then reads each study's Group (the
 * list of its subjects) and reports, per study, whether the connection may
 * read it and how many subjects it has, or the facts of what went wrong
 * (the settings page words them). A refused client ID or secret ends the
 * test at once.
 */

import { type ClientOptions, PartnerClient } from "@/lib/partner-client/client";
import { PartnerError } from "@/lib/partner-client/errors";
import type { RetryPolicy } from "@/lib/partner-client/retry";
import type { PartnerCredentials } from "@/partner-api/credentials";
import type { ConnectionTestReport, StudyCheck } from "./connection-input";
import type { Failure } from "./failure";

// Someone is waiting at the button: a short answer beats a long series of retries.
const TEST_RETRY: RetryPolicy = {
  attempts: 2,
  baseDelayMs: 200,
  maxDelayMs: 1_000,
  timeoutMs: 15_000,
  maxRetryAfterMs: 5_000,
};

// Anything but a partner failure is a bug of the portal: reported as such, not as the partner's fault.
const factsOf = (err: unknown): Failure => (err instanceof PartnerError ? err.facts() : { kind: "unexpected" });

async function checkStudy(client: PartnerClient, study: string): Promise<StudyCheck> {
  try {
    const { records } = await client.searchAll("Group", study);
    const subjects = records.reduce((n, group) => n + (group.member?.length ?? 0), 0);
    return { study, status: "accessible", subjects };
  } catch (err) {
    const failure = factsOf(err);
    return { study, status: failure.kind === "forbidden" ? "forbidden" : "error", failure };
  }
}

export async function testConnection(
  creds: PartnerCredentials,
  studies: string[],
  opts: ClientOptions = {},
): Promise<ConnectionTestReport> {
  const client = new PartnerClient(creds, { retry: TEST_RETRY, ...opts });
  try {
    await client.tokens.get();
  } catch (err) {
    return { connected: false, failure: factsOf(err), studies: [] };
  }
  return { connected: true, studies: await Promise.all(studies.map((s) => checkStudy(client, s))) };
}
