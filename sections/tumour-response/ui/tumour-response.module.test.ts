/**
 * The section's style sheet names the palette's colours as values (CSS cannot import them): each response's badge
 * and the waterfall's marked bar must keep exactly the colours the charts draw with (components/charts/palette.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHART_INK } from "@/components/charts/palette";
import { RESPONSE_CODE, RESPONSE_LOOKS, RESPONSES } from "./response-look";

const css = readFileSync(new URL("./tumour-response.module.css", import.meta.url), "utf8");

/** The declarations of one class's own rule, by property. */
function rule(className: string): Record<string, string> {
  const body = new RegExp(`\\.${className}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? "";
  return Object.fromEntries(
    body
      .split(";")
      .map((d) => d.split(":").map((x) => x.trim()))
      .filter(([name, value]) => name && value),
  );
}

describe("the section's styles", () => {
  it.each(RESPONSES)("the %s badge has its response's colour and letters' colour", (response) =>
    expect(rule(`badge${RESPONSE_CODE[response]}`)).toEqual({
      background: RESPONSE_LOOKS[response].colour,
      color: RESPONSE_LOOKS[response].text,
    }),
  );

  it("outlines the waterfall's marked sample in the ink the marked bars are drawn with", () =>
    expect(rule("marked").outline).toBe(`2px solid ${CHART_INK}`));
});
