/**
 * The partner API's own records, fetched over HTTP with the published demo credentials of NORTHSTAR, so that the
 * portal specs' expected values are built independently of the portal's code; and the labels of the partner's
 * demographic codes, written out here.
 */
import { type APIRequestContext, expect } from "@playwright/test";
import { API_PATH, NORTHSTAR, TOKEN_PATH } from "../api/support/addresses";
import { credentials } from "../api/support/requests";

export type Res = {
  id?: string;
  extension?: { url: string; valueString?: string; valueInteger?: number; valueDecimal?: number }[];
  identifier?: unknown;
  [k: string]: unknown;
};

// The CDC Race & Ethnicity and sex labels (docs/clinical-rules.md, Demographics), written out here, not imported:
// the tests must not check the portal's labels with themselves.
export const CDC_LABEL: Record<string, string> = {
  "2106-3": "White",
  "2054-5": "Black or African American",
  "2028-9": "Asian",
  "1002-5": "American Indian or Alaska Native",
  "2076-8": "Native Hawaiian or Other Pacific Islander",
  "2131-1": "Other Race",
  "2135-2": "Hispanic or Latino",
  "2186-5": "Not Hispanic or Latino",
  UNK: "Unknown",
};
export const SEX_LABEL: Record<string, string> = { male: "Male", female: "Female", other: "Other", unknown: "Unknown" };

/** A token of the demo partner NORTHSTAR (ONC-101 and CARD-201 granted). */
export async function northstarToken(request: APIRequestContext): Promise<string> {
  const tokenRes = await request.post(TOKEN_PATH, { form: credentials(NORTHSTAR) });
  return ((await tokenRes.json()) as { access_token: string }).access_token;
}

/** Every resource of a search, page after page by the `next` links. */
export async function searchAll(request: APIRequestContext, token: string, path: string): Promise<Res[]> {
  const out: Res[] = [];
  let url: string | undefined = `${API_PATH}/${path}`;
  while (url) {
    const res = await request.get(url, {
      headers: { authorization: `Bearer ${token}`, "x-partnerid": NORTHSTAR.partnerId },
    });
    expect(res.status(), url).toBe(200);
    const bundle = (await res.json()) as { entry?: { resource: Res }[]; link?: { relation: string; url: string }[] };
    out.push(...(bundle.entry ?? []).map((e) => e.resource));
    url = bundle.link?.find((l) => l.relation === "next")?.url;
  }
  return out;
}
