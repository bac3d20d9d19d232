import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NoRecordsYet } from "./NoRecordsYet";
import { OnlyTheseRecords } from "./OnlyTheseRecords";

describe("the words sections share", () => {
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
