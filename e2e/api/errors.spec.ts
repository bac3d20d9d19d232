/**
 * Error answers of the data endpoints (docs/partner-service.md, "Errors of the
 * data endpoints") to bad parameters, tokens and partner headers: status, FHIR
 * OperationOutcome body, authentication headers, no input reflected. Unknown
 * paths and methods, and the never-a-500 checks, are in errors-paths.spec.ts.
 */
import { expect, test } from "@playwright/test";
import {
  api,
  ENDPOINTS,
  endpoint,
  expectOperationOutcome,
  getAs,
  LAKESIDE,
  NO_SUCH_STUDY,
  NORTHSTAR,
  qs,
  rawGet,
  searchPath,
  tokenFor,
  XSS,
} from "./fixtures";

const STUDY = "ONC-101";

test.describe("400: a required parameter missing or malformed", () => {
  for (const e of ENDPOINTS) {
    test(`${e.name}: researchstudy missing, empty or malformed`, async ({ request }) => {
      const cat = e.category ? { category: e.category } : {};
      const cases: [string, string[]][] = [
        [api(`${e.path}?${qs({ ...cat })}`), []],
        [api(`${e.path}?${qs({ ...cat, researchstudy: "" })}`), []],
        [api(`${e.path}?${qs({ ...cat, researchstudy: XSS })}`), [XSS, "alert(1)", "<script>"]],
        [api(`${e.path}?${qs({ ...cat, researchstudy: "ONC 101" })}`), ["ONC 101"]],
        [api(`${e.path}?${qs({ ...cat, researchstudy: "x".repeat(300) })}`), ["x".repeat(300)]],
        [api(`${e.path}?${qs({ ...cat, researchstudy: "ONC-101'; DROP TABLE studies;--" })}`), ["DROP TABLE"]],
      ];
      for (const [path, reflect] of cases) {
        if (e.name === "Patient" && path.endsWith("?")) continue; // Patient without researchstudy is checked below.
        const res = await getAs(request, NORTHSTAR, path);
        await expectOperationOutcome(res, 400, { reflect, what: path });
      }
    });
  }

  test("Patient with neither researchstudy nor a subject ID", async ({ request }) => {
    await expectOperationOutcome(await getAs(request, NORTHSTAR, api("Patient")), 400);
    await expectOperationOutcome(await getAs(request, NORTHSTAR, api("Patient?foo=bar")), 400);
  });

  test("observation: category missing, unknown, or differently cased", async ({ request }) => {
    for (const category of [undefined, "", "imagingx", "Imaging", "LABORATORY", "vital_signs", "vital-sign", XSS]) {
      const params = category === undefined ? { researchstudy: STUDY } : { researchstudy: STUDY, category };
      const path = api(`observation?${qs(params)}`);
      // Only inputs that are not part of the fixed explanation ("imaging, laboratory or vital-signs") can show
      // reflection.
      const reflect = category === XSS ? [XSS, "alert(1)"] : category === "imagingx" ? [category] : [];
      await expectOperationOutcome(await getAs(request, NORTHSTAR, path), 400, { reflect, what: path });
    }
  });

  for (const name of ["page", "_count"]) {
    test(`${name} of 0, -1, abc, 1.5, empty or 1e3`, async ({ request }) => {
      for (const value of ["0", "-1", "abc", "1.5", "", "1e3", " 2", "0x10"]) {
        for (const e of [
          endpoint("AdverseEvent"),
          endpoint("observation laboratory"),
          endpoint("Group"),
          endpoint("Patient"),
        ]) {
          const path = searchPath(e, STUDY, { [name]: value });
          await expectOperationOutcome(await getAs(request, NORTHSTAR, path), 400, { what: path });
        }
      }
    });
  }
});

test.describe("401: no usable bearer token", () => {
  const path = searchPath(endpoint("AdverseEvent"), STUDY);

  test("no Authorization header: 401 with WWW-Authenticate: Bearer", async ({ request }) => {
    for (const e of ENDPOINTS) {
      const res = await rawGet(request, searchPath(e, STUDY), { "x-partnerid": NORTHSTAR.partnerId });
      await expectOperationOutcome(res, 401);
      const challenge = res.headers()["www-authenticate"] ?? "";
      expect(challenge, e.name).toMatch(/^Bearer\b/);
      expect(challenge, "no error attribute when no token was sent").not.toMatch(/error=/);
    }
    // Also without any header at all.
    const bare = await rawGet(request, path, {});
    await expectOperationOutcome(bare, 401);
    expect(bare.headers()["www-authenticate"] ?? "").toMatch(/^Bearer\b/);
  });

  const badTokens: [string, string][] = [
    ["forged (well-formed, never issued)", "Bearer dGhpcy1pcy1ub3QtYS1yZWFsLXRva2VuLWF0LWFsbC0xMjM0NTY3"],
    ["unknown short", "Bearer abc"],
    ["malformed characters", "Bearer %%%not*a*token%%%"],
    ["malformed, two words", "Bearer abc def"],
    ["a JWT-looking forgery", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJOT1JUSFNUQVIifQ."],
  ];
  for (const [name, header] of badTokens) {
    test(`${name}: 401 with error="invalid_token"`, async ({ request }) => {
      const res = await rawGet(request, path, { authorization: header, "x-partnerid": NORTHSTAR.partnerId });
      await expectOperationOutcome(res, 401, { reflect: [header.slice(7)] });
      const challenge = res.headers()["www-authenticate"] ?? "";
      expect(challenge).toMatch(/^Bearer\b/);
      expect(challenge).toContain('error="invalid_token"');
    });
  }

  test("a token of another scheme or an empty Bearer: 401 with a Bearer challenge", async ({ request }) => {
    const token = await tokenFor(request, NORTHSTAR);
    for (const header of [
      `Basic ${Buffer.from("northstar-portal:demo-northstar-7f3c9a1e5b").toString("base64")}`,
      "Bearer",
      "Bearer ",
      token,
    ]) {
      const res = await rawGet(request, path, { authorization: header, "x-partnerid": NORTHSTAR.partnerId });
      await expectOperationOutcome(res, 401, { what: header });
      expect(res.headers()["www-authenticate"] ?? "").toMatch(/^Bearer\b/);
    }
  });

  test("the client secret is not a bearer token", async ({ request }) => {
    const res = await rawGet(request, path, {
      authorization: `Bearer ${NORTHSTAR.clientSecret}`,
      "x-partnerid": NORTHSTAR.partnerId,
    });
    await expectOperationOutcome(res, 401, { reflect: [NORTHSTAR.clientSecret] });
    expect(res.headers()["www-authenticate"] ?? "").toContain('error="invalid_token"');
  });
});

test.describe("403: partner header and study grants", () => {
  const path = searchPath(endpoint("AdverseEvent"), STUDY);

  test("x-partnerid missing", async ({ request }) => {
    const token = await tokenFor(request, NORTHSTAR);
    for (const e of ENDPOINTS) {
      await expectOperationOutcome(
        await rawGet(request, searchPath(e, STUDY), { authorization: `Bearer ${token}` }),
        403,
        { what: e.name },
      );
    }
    await expectOperationOutcome(
      await rawGet(request, path, { authorization: `Bearer ${token}`, "x-partnerid": "" }),
      403,
    );
  });

  test("x-partnerid not the token's partner", async ({ request }) => {
    const northstar = await tokenFor(request, NORTHSTAR);
    const lakeside = await tokenFor(request, LAKESIDE);
    // Another real partner, an unknown one, and a case variant of the right one.
    for (const partnerId of [LAKESIDE.partnerId, "NOBODY", "northstar", XSS]) {
      const res = await rawGet(request, path, { authorization: `Bearer ${northstar}`, "x-partnerid": partnerId });
      await expectOperationOutcome(res, 403, {
        reflect: partnerId === LAKESIDE.partnerId || partnerId === "northstar" ? [] : [partnerId],
        what: partnerId,
      });
    }
    // LAKESIDE's token presented as NORTHSTAR, for NORTHSTAR's study.
    const res = await rawGet(request, path, {
      authorization: `Bearer ${lakeside}`,
      "x-partnerid": NORTHSTAR.partnerId,
    });
    await expectOperationOutcome(res, 403);
    expect(await res.text()).not.toContain('AdverseEvent","id');
  });

  test("a study not granted and a study that does not exist get the identical answer", async ({ request }) => {
    for (const e of ENDPOINTS) {
      const forbidden = await getAs(request, NORTHSTAR, searchPath(e, "ONC-102"));
      const missing = await getAs(request, NORTHSTAR, searchPath(e, NO_SUCH_STUDY));
      await expectOperationOutcome(forbidden, 403, { reflect: ["ONC-102"], what: `${e.name} ONC-102` });
      await expectOperationOutcome(missing, 403, { reflect: [NO_SUCH_STUDY], what: `${e.name} ${NO_SUCH_STUDY}` });
      expect((await missing.body()).equals(await forbidden.body()), `${e.name}: identical bodies`).toBe(true);
      const h = (r: typeof forbidden) => {
        const { date: _d, ...rest } = r.headers();
        void _d;
        return rest;
      };
      expect(h(missing), `${e.name}: identical headers`).toEqual(h(forbidden));
    }
  });
});
