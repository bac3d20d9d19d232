import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChoiceLinks } from "./ChoiceLinks";
import { NoRecordsYet } from "./NoRecordsYet";
import { OnlyTheseRecords } from "./OnlyTheseRecords";
import { Switch } from "./Switch";

describe("the pieces sections share", () => {
  it("mark the choice in force, and only it, with the aria-current the caller names", () => {
    const choices = [
      { href: "?show=all", label: "All", current: false },
      { href: "?show=low", label: "Low", current: true },
    ];
    const page = renderToStaticMarkup(<ChoiceLinks label="Which results" choices={choices} />);
    expect(page).toMatch(/^<nav aria-label="Which results"><ul class="[^"]+"><li><a href="\?show=all">All<\/a><\/li>/);
    expect(page).toMatch(/<li><a aria-current="page" class="[^"]+" href="\?show=low">Low<\/a><\/li><\/ul><\/nav>$/);
    expect(page.match(/aria-current/g)).toHaveLength(1);
    expect(renderToStaticMarkup(<ChoiceLinks label="x" choices={choices} marks="true" />)).toContain(
      'aria-current="true"',
    );
  });

  it("switch a drawing: the choice in force in words, not a link; one that does not apply in plain words", () => {
    const options = [
      { label: "Raw values", href: "?scale=raw", current: true },
      { label: "× ULN (no upper limit)", href: null, current: false },
      { label: "Order", href: "?sort=day", current: false },
    ];
    const html = renderToStaticMarkup(<Switch label="Scale" options={options} />);
    expect(html).toMatch(
      /^<nav aria-label="Scale" class="[^"]+"><span>Scale:<\/span><strong aria-current="true">Raw values/,
    );
    expect(html).toContain("<span>× ULN (no upper limit)</span>");
    expect(html).toContain('<a href="?sort=day">Order</a>');
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(renderToStaticMarkup(<Switch label="Scale" options={options} quiet />)).not.toContain("Scale:");
  });

  it("say what the partner sends none of, for which study, and what to do", () => {
    expect(renderToStaticMarkup(<NoRecordsYet records="vital signs" study="CARD-201" />)).toBe(
      "<p>The partner service sends no vital signs for study CARD-201 yet. Press Refresh later to check again.</p>",
    );
  });

  it("say which records a narrowed listing shows, and link back to all of them", () => {
    expect(
      renderToStaticMarkup(
        <OnlyTheseRecords what="the records of Zalvotinib" allHref="/s/medications#medication-listing">
          Show every drug
        </OnlyTheseRecords>,
      ),
    ).toBe('<p>Only the records of Zalvotinib. <a href="/s/medications#medication-listing">Show every drug</a></p>');
  });
});
