/**
 * The study's navigation and export pack for what the study's offer says: everything while it is not known, then
 * Tumour response left out, with why, for a study without imaging; nothing at all for a refused study.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { isResponseLink, NO_RESPONSE_NOTE, OfferedSections, offered, UnlessRefused } from "./StudyOffered";

vi.mock("next/navigation", () => ({
  usePathname: () => "/studies/c1/CARD-201",
  useSearchParams: () => new URLSearchParams(),
}));

const S = "/studies/c1/CARD-201";
const links = [
  { href: S, title: "Subjects" },
  { href: `${S}/adverse-events`, title: "Adverse events" },
  { href: `${S}/tumour-response`, title: "Tumour response" },
  { href: `${S}/data-checks`, title: "Data checks" },
];
const titles = (l: readonly { title: string }[]) => l.map((x) => x.title);

describe("what the study's layout offers", () => {
  it("everything while the offer is not known: the server's page and the first paint", () => {
    const never = new Promise<never>(() => {});
    const html = renderToStaticMarkup(
      <>
        <OfferedSections offer={never} links={links} />
        <UnlessRefused offer={never}>
          <button type="button">Export pack (ZIP)</button>
        </UnlessRefused>
      </>,
    );
    expect([...html.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1])).toEqual(titles(links));
    expect(html).toContain("Export pack (ZIP)");
    expect(html).not.toContain(NO_RESPONSE_NOTE);
  });

  it("every section, and the pack, to a study where everything applies", () => {
    expect(offered({ refused: false, response: true }, links)).toEqual({ links, note: null, pack: true });
  });

  it("no Tumour response to a study without imaging, and says why", () => {
    const o = offered({ refused: false, response: false }, links);
    expect(titles(o.links)).toEqual(["Subjects", "Adverse events", "Data checks"]);
    expect([o.note, o.pack]).toEqual(["No tumour response: the study has no imaging records.", true]);
  });

  it("no section and no pack to a refused study", () => {
    expect(offered({ refused: true, response: false }, links)).toEqual({ links: [], note: null, pack: false });
  });
});

describe("isResponseLink", () => {
  it.each([
    ["/studies/c1/ONC-101/tumour-response", true],
    ["/studies/c1/ONC-101/tumour-response?bor=signed", true],
    ["/studies/c1/ONC-101/tumour-response/waterfall", false],
    ["/studies/c1/ONC-101/data-checks", false],
  ])("%s: %s", (href, expected) => expect(isResponseLink(href)).toBe(expected));
});
