/**
 * The QA suite's fixtures. Per worker: the settings (from QA_* in `npm run test:qa`, the local demo ones in
 * `npm test`), one sign-in whose session the tests reuse, and the suite's own connection with a unique name, added
 * through the settings form and removed at the worker's end, also after a failed test (Playwright tears a worker's
 * fixtures down before it starts a new one). Nothing else is created, changed or removed.
 */
import { type BrowserContext, test as base } from "@playwright/test";
import { ConnectionsPage } from "../pages/ConnectionsPage";
import { SignInPage } from "../pages/SignInPage";
import { StudyPage } from "../pages/StudyPage";
import { localQaEnv } from "./local-env";
import { type StudyFacts, studyFacts } from "./partner-api";
import { describeQaEnv, type QaEnv, readQaEnv } from "./qa-env";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

export interface QaConnection {
  id: string;
  name: string;
}

interface WorkerFixtures {
  /** true in playwright.qa.config.ts: the settings come from QA_*; false (the default) in the local run. */
  qaFromEnvironment: boolean;
  qa: QaEnv;
  /** The signed-in session the tests start from; kept current after each test (the portal's idle limit). */
  qaSession: { state: StorageState };
  qaConnection: QaConnection;
  /** The QA study as the partner API holds it, fetched once per worker. */
  facts: StudyFacts;
}

interface TestFixtures {
  /** Whether the test starts signed in (the default); sign-in tests start signed out. */
  signedIn: boolean;
  keepSession: undefined;
  signInPage: SignInPage;
  connections: ConnectionsPage;
  study: StudyPage;
}

const uniqueName = () => `qa-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  qaFromEnvironment: [false, { option: true, scope: "worker" }],
  qa: [
    async ({ qaFromEnvironment }, use, workerInfo) => {
      const qa = qaFromEnvironment ? readQaEnv(process.env) : localQaEnv();
      if (workerInfo.workerIndex === 0) console.log(`QA suite: ${describeQaEnv(qa)}`);
      await use(qa);
    },
    { scope: "worker" },
  ],
  qaSession: [
    async ({ browser, qa }, use) => {
      const context = await browser.newContext({ baseURL: qa.baseUrl });
      await new SignInPage(await context.newPage()).signIn(qa.email, qa.password);
      const session = { state: await context.storageState() };
      await context.close();
      await use(session);
    },
    { scope: "worker" },
  ],
  qaConnection: [
    async ({ browser, qa, qaSession }, use) => {
      const name = uniqueName();
      const inSession = async (step: (connections: ConnectionsPage) => Promise<void>) => {
        const context = await browser.newContext({ baseURL: qa.baseUrl, storageState: qaSession.state });
        try {
          const page = await context.newPage();
          await page.goto("/settings/connections");
          // The session may have ended (idle limit) by the worker's end: sign in again, not leave the connection.
          if (new URL(page.url()).pathname === "/signin") await new SignInPage(page).signIn(qa.email, qa.password);
          await step(new ConnectionsPage(page));
        } finally {
          await context.close();
        }
      };
      const connection: QaConnection = { id: "", name };
      await inSession(async (connections) => {
        connection.id = await connections.add({
          name,
          baseUrl: qa.partnerUrl,
          partnerId: qa.partnerId,
          clientId: qa.clientId,
          clientSecret: qa.clientSecret,
          studies: `${qa.study}, ${qa.ungrantedStudy}`,
        });
      });
      try {
        await use(connection);
      } finally {
        await inSession((connections) => connections.remove(name));
      }
    },
    { scope: "worker" },
  ],
  facts: [
    async ({ playwright, qa }, use) => {
      const request = await playwright.request.newContext();
      try {
        await use(await studyFacts(request, qa));
      } finally {
        await request.dispose();
      }
    },
    { scope: "worker" },
  ],

  signedIn: [true, { option: true }],
  baseURL: async ({ qa }, use) => use(qa.baseUrl),
  storageState: async ({ signedIn, qaSession }, use) => use(signedIn ? qaSession.state : undefined),
  keepSession: [
    async ({ context, signedIn, qaSession }, use) => {
      await use(undefined);
      if (signedIn) qaSession.state = await context.storageState();
    },
    { auto: true },
  ],
  signInPage: async ({ page }, use) => use(new SignInPage(page)),
  connections: async ({ page }, use) => use(new ConnectionsPage(page)),
  study: async ({ page, qa, qaConnection }, use) => use(new StudyPage(page, qaConnection.id, qa.study)),
});

export { expect } from "@playwright/test";
