import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChoiceLinks } from "./ChoiceLinks";
import { NoRecordsYet } from "./NoRecordsYet";
import { OnlyTheseRecords } from "./OnlyTheseRecords";

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
