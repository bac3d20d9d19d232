/**
 * QA: the suite's own connection (added by the fixture) is listed without its secret and tests as the partner API
 * answers; an address off the allow-list is refused with nothing saved; a connection that is not the user's is a 404.
 */
import {
  NO_SUCH_CONNECTION,
  NOT_SAVED,
  OFF_ALLOW_LIST,
  REPORT_LINE,
  SECRET_HIDDEN,
  studyList,
} from "../pages/ConnectionsPage";
import { expect, test } from "./fixtures";
import { expectNoSecretIn } from "./no-secret";

const NOT_YOURS = "00000000-0000-4000-8000-000000000000";

test("the suite's connection is listed without its secret; Test connection finds the study's subjects", async ({
  page,
  connections,
  qaConnection,
  qa,
  facts,
}) => {
  await connections.open();
  const card = connections.card(qaConnection.name);
  await expect(card).toContainText(qa.partnerId);
  await expect(card).toContainText(qa.clientId);
  await expect(card).toContainText(SECRET_HIDDEN);
  await expect(card).toContainText(studyList([qa.study, qa.ungrantedStudy]));
  await expectNoSecretIn(page, { QA_CLIENT_SECRET: qa.clientSecret });

  const report = await connections.test(qaConnection.name);
  await expect(connections.studyLine(report, qa.study)).toHaveText(
    REPORT_LINE.accessible(qa.study, facts.subjects.length),
    { timeout: 60_000 },
  );
  await expect(connections.studyLine(report, qa.ungrantedStudy)).toContainText(
    REPORT_LINE.forbidden(qa.ungrantedStudy),
  );
});

test("the edit form of the connection never shows its stored secret", async ({
  page,
  connections,
  qaConnection,
  qa,
}) => {
  await connections.openEdit(qaConnection.id);
  await expect(connections.nameInput()).toHaveValue(qaConnection.name);
  await expect(connections.secretInput()).toHaveValue("");
  await expectNoSecretIn(page, { QA_CLIENT_SECRET: qa.clientSecret });
  // Nothing is saved: the test leaves the form as it found it.
});

test("a partner address off the allow-list is refused, and nothing is saved", async ({ page, connections, qa }) => {
  const name = `qa-refused-${Date.now()}`;
  await connections.submitNew({
    name,
    baseUrl: "https://qa-not-allowed.invalid",
    partnerId: qa.partnerId,
    clientId: qa.clientId,
    clientSecret: "qa-placeholder-secret",
    studies: qa.study,
  });
  await expect(connections.errorAlert(NOT_SAVED)).toBeVisible();
  await expect(page.getByText(OFF_ALLOW_LIST)).toBeVisible();
  await connections.open();
  await expect(connections.card(name)).toHaveCount(0);
});

test("a connection that is not the user's is not found, in settings, its study pages and its progress", async ({
  page,
  connections,
  qa,
}) => {
  const edit = await connections.openEdit(NOT_YOURS);
  expect(edit?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: NO_SUCH_CONNECTION })).toBeVisible();
  const study = await page.goto(`/studies/${NOT_YOURS}/${qa.study}`);
  expect(study?.status()).toBe(404);
  await expect(page.getByRole("table")).toHaveCount(0);
  expect((await page.request.get(`/studies/${NOT_YOURS}/${qa.study}/progress`)).status()).toBe(404);
});
