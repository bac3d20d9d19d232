/**
 * Units as the portal shows them (docs/clinical-rules.md, Units): the notation of a laboratory report, read from the
 * partner's plain text. A power of ten is written with a superscript (`10^9/L` and UCUM's `10*9/L` as 10⁹/L), an
 * area or volume in metres likewise (`m2` as m²), and a temperature sent as a bare `F` or `C` (or UCUM's `[degF]`)
 * as °F or °C. Anything else is shown as sent. The value kept, filtered on and sent in addresses stays the
 * partner's; the SDTM export pack writes it as sent (docs/export-pack.md).
 */

const SUPERSCRIPT: Record<string, string> = {
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
  "-": "⁻",
};

const superscript = (digits: string) => [...digits].map((c) => SUPERSCRIPT[c]).join("");

/** `10^9`, `10*9`, `10^-3`: a power of ten as plain text. */
const POWER_OF_TEN = /10[\^*](-?\d{1,2})/g;
/** `m2`, `cm3`, `mm2` as a whole word or before a slash: a length squared or cubed (not `m23`, not `nm2x`). */
const METRE_POWER = /(^|[^A-Za-z])([cdkmµu]?m)([23])(?![0-9A-Za-z])/g;
const TEMPERATURE = new Map([
  ["f", "°F"],
  ["[degf]", "°F"],
  ["degf", "°F"],
  ["c", "°C"],
  ["cel", "°C"],
  ["degc", "°C"],
]);

/**
 * Units as shown, by the unit sent: a study has a few dozen, and a table or export of a million results asks for one
 * per row (two regular expressions each: half a second of the server's thread for the laboratory CSV). The bound
 * keeps data with ever new units from growing it; those past it are worked out each time.
 */
const shown = new Map<string, string>();
const MAX_SHOWN = 1024;

/** A unit in the notation of a laboratory report: `10^9/L` as 10⁹/L, `F` as °F, `m2` as m². */
export function displayUnit(unit: string): string {
  let display = shown.get(unit);
  if (display === undefined) {
    display = notationOf(unit);
    if (shown.size < MAX_SHOWN) shown.set(unit, display);
  }
  return display;
}

function notationOf(unit: string): string {
  const temperature = TEMPERATURE.get(unit.trim().toLowerCase());
  if (temperature !== undefined) return temperature;
  return unit
    .replace(POWER_OF_TEN, (_, exponent: string) => `10${superscript(exponent)}`)
    .replace(
      METRE_POWER,
      (_, before: string, length: string, power: string) => `${before}${length}${superscript(power)}`,
    );
}

/** The words for numbers sent without a unit. */
export const NO_UNIT_LABEL = "(no unit)";

/** A unit as shown, or "(no unit)" for numbers sent without one. */
export const unitOrNone = (unit: string | null): string => (unit === null ? NO_UNIT_LABEL : displayUnit(unit));
