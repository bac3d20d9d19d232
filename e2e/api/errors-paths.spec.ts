/**
 * Error answers of the partner service to unknown paths and methods, and to
 * input meant to break it: never a 500, never a stack trace, never the input
 * reflected (docs/partner-service.md, "Errors of the data endpoints").
 */
import { expect, test } from "@playwright/test";
import {
  API_PATH,
  api,
  ENDPOINTS,
  expectNoLeak,
  expectOperationOutcome,
  getAs,
  NORTHSTAR,
  rawGet,
  searchPath,
  tokenFor,
  XSS,
} from "./fixtures";

const STUDY = "ONC-101";

test.describe("404 and 405", () => {
  test("unknown paths under the api prefix: 404 JSON, not HTML", async ({ request }) => {
    const paths = [
      api("Foo?researchstudy=ONC-101"),
      api("adverseevent?researchstudy=ONC-101"),
      api("Observation?researchstudy=ONC-101&category=imaging"),
      api("AdverseEvent/123?researchstudy=ONC-101"),
      api("Group/ONC-101"),
      api("Patient/a/b"),
      api("observation/laboratory?researchstudy=ONC-101"),
      api(`${encodeURIComponent(XSS)}?researchstudy=ONC-101`),
      `${API_PATH}`,
      `${API_PATH}/`,
      "/svc-apim/external/v1/crit/core/api/AdverseEvent?researchstudy=ONC-101",
      "/svc-apim/nothing-here",
    ];
    for (const path of paths) {
      const res = await getAs(request, NORTHSTAR, path);
      await expectOperationOutcome(res, 404, { reflect: [XSS, "alert(1)"], what: path });
    }
  });

  test("unknown paths answer 404 even without credentials", async ({ request }) => {
    const res = await rawGet(request, api("Foo"), {});
    expect([401, 404]).toContain(res.status());
    await expectOperationOutcome(res, res.status());
  });

  test("non-GET methods on data paths: 405 with Allow", async ({ request }) => {
    const token = await tokenFor(request, NORTHSTAR);
    const headers = { authorization: `Bearer ${token}`, "x-partnerid": NORTHSTAR.partnerId };
    for (const e of ENDPOINTS) {
      for (const method of ["POST", "DELETE", "PUT", "PATCH"]) {
        const res = await request.fetch(searchPath(e, STUDY), {
          method,
          headers,
          data: method === "DELETE" ? undefined : "{}",
          failOnStatusCode: false,
        });
        await expectOperationOutcome(res, 405, { what: `${method} ${e.name}` });
        expect(res.headers().allow ?? "", `${method} ${e.name}: Allow`).toMatch(/\bGET\b/);
      }
    }
    const patientById = await request.fetch(api("Patient/anything"), {
      method: "DELETE",
      headers,
      failOnStatusCode: false,
    });
    await expectOperationOutcome(patientById, 405);
  });
});

test.describe("never a 500, never a stack trace, never the input reflected", () => {
  test("odd requests all get a 2xx or 4xx JSON answer", async ({ request }) => {
    const study = STUDY;
    const paths = [
      api(`AdverseEvent?researchstudy=${study}&researchstudy=${study}`),
      api(`AdverseEvent?researchstudy=${study}&page=1&page=2`),
      api(`AdverseEvent?researchstudy=${study}&_count=99999999999999999999999`),
      api(`AdverseEvent?researchstudy=${study}&page=99999999999999999999999`),
      api(`AdverseEvent?researchstudy=%`),
      api(`AdverseEvent?researchstudy=%E0%A4%A`),
      api(`AdverseEvent?researchstudy=${study}%00`),
      api(`AdverseEvent?researchstudy=${study}&_Id=%00`),
      api(`AdverseEvent?researchstudy=${study}&_Id=${encodeURIComponent(XSS)}`),
      api(`AdverseEvent?researchstudy=${study}&_Id=${"k".repeat(5000)}`),
      api(`observation?researchstudy=${study}&category=imaging&id=${encodeURIComponent(XSS)}`),
      api(`observation?researchstudy=${study}&category=imaging&category=laboratory`),
      api(`DiagnosticReport?researchstudy=${encodeURIComponent("ONC-101\u00e9")}`),
      api(`Patient?_id=${encodeURIComponent(XSS)}`),
      api(`Patient?id=%E0%A4%A`),
      api(`Patient/${encodeURIComponent(XSS)}`),
      api(`patient/%2e%2e`),
      api(`Group?researchstudy=${study}&_Id=${encodeURIComponent(XSS)}`),
      api(`Group?researchstudy=${study}&_count=1&page=2`),
    ];
    for (const path of paths) {
      const res = await getAs(request, NORTHSTAR, path);
      const text = await res.text();
      expect(res.status(), `${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers()["content-type"] ?? "", path).toMatch(/^application\/(fhir\+)?json/);
      expectNoLeak(text, [XSS, "alert(1)", "%E0%A4%A"]);
      if (res.status() >= 400) await expectOperationOutcome(res, res.status(), { reflect: [XSS], what: path });
    }
  });

  test("a malformed percent-escape in the path: a 4xx OperationOutcome, not a 500", async ({ request }) => {
    const paths = [
      api("Patient/%E0%A4%A"),
      api("patient/%ZZ"),
      api("Foo/%E0%A4%A"),
      api("%E0%A4%A"),
      "/svc-apim/%E0%A4%A",
    ];
    const failures: string[] = [];
    for (const path of paths) {
      const res = await getAs(request, NORTHSTAR, path);
      const type = res.headers()["content-type"] ?? "";
      if (res.status() >= 500 || !/^application\/(fhir\+)?json/.test(type))
        failures.push(`${path}: ${res.status()} ${type} ${(await res.text()).slice(0, 60)}`);
      else await expectOperationOutcome(res, res.status(), { what: path });
    }
    expect(failures, "answers that are a 500 or not JSON").toEqual([]);
  });
});
