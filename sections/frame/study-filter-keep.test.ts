/** Which addresses the study filter follows onto, while the user stays in the study. */
import { describe, expect, it } from "vitest";
import { parseStudyFilter } from "./study-filter";
import { carriedHref } from "./study-filter-keep";

const STUDY = "/studies/c1/ONC-101";
const HERE = `http://portal.test${STUDY}/adverse-events?only_sex=Female&term=Nausea`;
const filter = parseStudyFilter(new URLSearchParams("only_sex=Female"));
const carried = (href: string) => carriedHref(href, HERE, STUDY, filter);

describe("the study filter carried onto a link", () => {
  it("follows a link to any page of the study, its query and anchor kept", () => {
    expect(carried(`${STUDY}/laboratory?test=ALT#results`)).toBe(
      `${STUDY}/laboratory?test=ALT&only_sex=Female#results`,
    );
    expect(carried(STUDY)).toBe(`${STUDY}?only_sex=Female`);
    // A query alone is of the page itself.
    expect(carried("?term=Fatigue#ae-listing")).toBe(`${STUDY}/adverse-events?term=Fatigue&only_sex=Female#ae-listing`);
  });

  it("leaves other studies, other sites, places on the page and addresses with a filter of their own", () => {
    expect(carried("/studies/c1/CARD-201/laboratory")).toBeNull();
    expect(carried("/studies/c1/ONC-1010")).toBeNull();
    expect(carried("/")).toBeNull();
    expect(carried(`https://elsewhere.test${STUDY}`)).toBeNull();
    expect(carried("#ae-listing")).toBeNull();
    expect(carried(`${STUDY}/laboratory?only_subjects=101-0001`)).toBeNull();
    expect(carried(`${STUDY}?only_sex=`)).toBeNull();
  });
});
