/**
 * --DTC values: ISO 8601 dates and date-times (docs/export-pack.md, Dates). A value the partner sends in ISO 8601
 * is written exactly as sent, whatever its precision (`2024-03-05`, `2024-03-05T09:30:00`, with or without an
 * offset); a US date (`MM/DD/YYYY`, as AdverseEvent extensions carry) becomes `YYYY-MM-DD`; anything else is no
 * date and the variable is left empty.
 */
import { calendarDate } from "../common/dates";

// YYYY[-MM[-DD[Thh:mm[:ss[.f...]][Z|+hh:mm]]]]: SDTM keeps a date to the precision it was collected with.
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?`;
const DATE = String.raw`\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01])(?:T${TIME})?)?)?`;
const ISO_8601 = new RegExp(`^${DATE}$`);

export const isIso8601 = (text: string) => ISO_8601.test(text);

/** The --DTC of a date or date-time text as sent; null when it is none. */
export function dtc(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  return isIso8601(trimmed) ? trimmed : calendarDate(trimmed);
}
