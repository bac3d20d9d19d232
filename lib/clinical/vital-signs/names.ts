/**
 * Vital-sign items as the portal names them (docs/clinical-rules.md, Vital signs): the partner names an item as its
 * source system does, often with its unit in the name ("Temperature F", "Weight (kilograms)", "BSA m2"), which the
 * portal's label would repeat ("Weight (kilograms) (kg)"). The items the partner documents have a plain name here
 * (docs/partner-service.md, Observation, category vital-signs); another item loses a trailing unit its record
 * names, and is otherwise shown as sent. The records, the listings' Item column, filters and addresses keep the
 * partner's name.
 */
import { displayUnit } from "../common/units";

/** The partner's item types (compared trimmed, in any case) and their names on screen. */
const ITEM_NAMES: ReadonlyMap<string, string> = new Map([
  ["blood pressure bp systolic", "Systolic blood pressure"],
  ["blood pressure diastolic", "Diastolic blood pressure"],
  ["blood pressure positioning", "Blood pressure position"],
  ["bsa m2", "Body surface area"],
  ["height (centimeters)", "Height"],
  ["last recorded height", "Last recorded height"],
  ["pulse ox (spo2)", "Oxygen saturation"],
  ["pulse/heart rate", "Pulse rate"],
  ["resp rate", "Respiratory rate"],
  ["temperature f", "Temperature"],
  ["temperature temp c", "Temperature"],
  ["weight (kilograms)", "Weight"],
]);

/** An item's name on screen: `Temperature` for "Temperature F"; an unknown item without a trailing unit. */
export function vitalItemName(item: string, unit: string | null): string {
  const known = ITEM_NAMES.get(item.trim().toLowerCase());
  if (known !== undefined) return known;
  if (unit === null) return item;
  const suffix = ` ${unit.trim().toLowerCase()}`;
  const bare = item.trim();
  const shorter = bare.toLowerCase().endsWith(suffix) ? bare.slice(0, -suffix.length).trim() : bare;
  return shorter === "" ? item : shorter;
}

/** An item with its unit, as a chart or table title says it: `Temperature (°F)`, `Weight (kg)`. */
export const vitalNameWithUnit = (item: string, unit: string | null) =>
  `${vitalItemName(item, unit)} (${unit === null ? "no unit" : displayUnit(unit)})`;
