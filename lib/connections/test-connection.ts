/**
 * "Test connection": asks for a token, then reads each study's Group (the
 * list of its subjects) and says, per study, whether the connection may read
 * it and how many subjects it has, or what went wrong, in the partner
 * client's own words. A refused client ID or secret ends the test at once.
 */

import type { PartnerCredentials } from "../partner-api/credentials";
import { type ClientOptions, PartnerClient } from "../partner-client/client";
import { PartnerError, StudyForbiddenError } from "../partner-client/errors";
import type { RetryPolicy } from "../partner-client/retry";
import type { ConnectionTestReport, StudyCheck } from "./connection-input";

// Someone is waiting at the button: a short answer beats a long series of retries.
const TEST_RETRY: RetryPolicy = {
  attempts: 2,
  baseDelayMs: 200,
  maxDelayMs: 1_000,
  timeoutMs: 15_000,
  maxRetryAfterMs: 5_000,
};

const UNREACHABLE = "The partner service could not be reached. Check the base URL, or try again in a few minutes.";

function errorText(err: unknown): string {
  return err instanceof PartnerError ? err.message : UNREACHABLE;
}

async function checkStudy(client: PartnerClient, study: string): Promise<StudyCheck> {
  try {
    const { records } = await client.searchAll("Group", study);
    const subjects = records.reduce((n, group) => n + (group.member?.length ?? 0), 0);
    return { study, status: "accessible", subjects };
  } catch (err) {
    if (err instanceof StudyForbiddenError) return { study, status: "forbidden", message: err.message };
    return { study, status: "error", message: errorText(err) };
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
    return { connected: false, message: errorText(err), studies: [] };
  }
  return { connected: true, studies: await Promise.all(studies.map((s) => checkStudy(client, s))) };
}
