/** Vital-sign item types as named by the source system, in recording order. */

export type VitalKey =
  | "sbp"
  | "dbp"
  | "position"
  | "bsa"
  | "height"
  | "lastHeight"
  | "spo2"
  | "pulse"
  | "resp"
  | "tempF"
  | "tempC"
  | "weight";

export interface VitalItem {
  key: VitalKey;
  itemType: string;
  /** '' where the service has no code: the partner sends an empty string. */
  service: string;
  unit: string | null;
  decimals: number;
}

const v = (key: VitalKey, itemType: string, service: string, unit: string | null, decimals: number): VitalItem => ({
  key,
  itemType,
  service,
  unit,
  decimals,
});

export const VITAL_ITEMS: readonly VitalItem[] = [
  v("sbp", "Blood Pressure BP Systolic", "VS0001", "mmHg", 0),
  v("dbp", "Blood Pressure Diastolic", "VS0002", "mmHg", 0),
  v("position", "Blood Pressure Positioning", "", null, 0),
  v("bsa", "BSA m2", "VS0004", "m2", 2),
  v("height", "Height (centimeters)", "VS0005", "cm", 1),
  v("lastHeight", "Last recorded Height", "", "cm", 1),
  v("spo2", "Pulse Ox (SpO2)", "VS0007", "%", 0),
  v("pulse", "Pulse/Heart Rate", "VS0008", "beats/min", 0),
  v("resp", "Resp Rate", "VS0009", "breaths/min", 0),
  v("tempF", "Temperature F", "VS0010", "F", 1),
  v("tempC", "Temperature Temp C", "VS0011", "C", 1),
  v("weight", "Weight (kilograms)", "VS0012", "kg", 1),
];

export const BP_POSITIONS: readonly (readonly [string, number])[] = [
  ["Sitting", 85],
  ["Supine", 10],
  ["Standing", 5],
];
