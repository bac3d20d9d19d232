/**
 * The QA settings of the local run: `npm test` runs the QA specs against its own e2e server (playwright.config.ts),
 * signed in as the demo account with the demo partner NORTHSTAR's published credentials and the demo study ONC-101,
 * so that the suite runs on every change and cannot rot. The values are the published demo ones (README, Demo).
 */
import { E2E_BASE_URL } from "../../playwright.config";
import type { QaEnv } from "./qa-env";

export function localQaEnv(): QaEnv {
  return {
    baseUrl: E2E_BASE_URL,
    email: "demo@studyportal.example",
    password: "demo-portal-2024!",
    partnerUrl: E2E_BASE_URL,
    partnerId: "NORTHSTAR",
    clientId: "northstar-portal",
    clientSecret: "demo-northstar-7f3c9a1e5b",
    study: "ONC-101",
    // Granted to LAKESIDE, not to NORTHSTAR: a real study that the partner does not grant.
    ungrantedStudy: "ONC-102",
  };
}
