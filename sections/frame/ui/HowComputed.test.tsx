import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Convention } from "./Convention";
import { HowComputed } from "./HowComputed";

describe("HowComputed", () => {
  it("is a closed disclosure whose one visible line names it and its gist, the full text and links inside", () => {
    const html = renderToStaticMarkup(
      <HowComputed gist="each subject once per term">
        <Convention anchor="treatment-emergent-adverse-events">
          All adverse events as the partner sends them.
        </Convention>
        <p>Each subject counts once per term.</p>
      </HowComputed>,
    );
    expect(html).toMatch(/^<details class="[^"]+"><summary>/);
    expect(html).not.toContain("<details open");
    const summary = html.split("<summary>")[1].split("</summary>")[0];
    expect(summary).toMatch(/^<span class="[^"]+">How this is computed<\/span><span class="[^"]+">: each subject /);
    expect(summary).toMatch(/>: each subject once per term<\/span>$/);
    const body = html.split("</summary>")[1];
    expect(body).toContain("All adverse events as the partner sends them.");
    expect(body).toContain('<a href="/rules#treatment-emergent-adverse-events">How this is counted</a>');
    expect(body).toContain("<p>Each subject counts once per term.</p>");
  });

  it("without a gist, says only that it is the method", () => {
    const html = renderToStaticMarkup(<HowComputed>Text</HowComputed>);
    expect(html).toMatch(/<summary><span class="[^"]+">How this is computed<\/span><\/summary>/);
  });
});
