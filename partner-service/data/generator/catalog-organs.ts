/** Tumour sites per disease and the imaging series that show them. */
import type { TumourProfile } from "./generator-types";

export type Region = "chest" | "abdomen" | "body";

/** Organs that may carry target lesions, with relative frequency. */
export const TARGET_ORGANS: Readonly<Record<TumourProfile, readonly (readonly [string, number])[]>> = {
  lung: [
    ["Lung", 40],
    ["Lymph node", 25],
    ["Liver", 12],
    ["Adrenal gland", 10],
    ["Pleura", 4],
  ],
  colorectal: [
    ["Liver", 42],
    ["Lung", 20],
    ["Lymph node", 20],
    ["Peritoneum", 14],
  ],
  generic: [
    ["Liver", 25],
    ["Lung", 25],
    ["Lymph node", 25],
    ["Adrenal gland", 8],
    ["Peritoneum", 8],
    ["Kidney", 5],
    ["Spleen", 4],
  ],
};

/** Where new lesions appear at progression. */
export const NEW_LESION_ORGANS: readonly (readonly [string, number])[] = [
  ["Liver", 35],
  ["Lung", 25],
  ["Bone", 20],
  ["Adrenal gland", 10],
  ["Lymph node", 10],
];

export function regionOf(organ: string, rngChest: boolean): Region {
  if (organ === "Lung" || organ === "Pleura") return "chest";
  if (organ === "Bone") return "body";
  if (organ === "Lymph node") return rngChest ? "chest" : "abdomen";
  return "abdomen";
}

export function seriesDescription(modality: "CT" | "MRI", region: Region): string {
  if (modality === "MRI") return region === "body" ? "MRI SPINE W WO CONTRAST" : "MRI ABDOMEN W WO CONTRAST";
  if (region === "chest") return "CT CHEST W CONTRAST";
  if (region === "abdomen") return "CT ABDOMEN PELVIS W CONTRAST";
  return "CT CHEST ABDOMEN PELVIS W CONTRAST";
}

/** Disease profile read from the study title; other tumours fall back to a mixed profile. */
export function tumourProfile(title: string): TumourProfile {
  const t = title.toLowerCase();
  if (t.includes("lung")) return "lung";
  if (t.includes("colorectal") || t.includes("colon")) return "colorectal";
  return "generic";
}
