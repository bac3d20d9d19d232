/**
 * CTCAE v5.0 grades worked by hand from the criteria (NCI CTCAE v5.0, 2017): each band's limit, the value at the
 * limit and the value just beyond it.
 */
import { describe, expect, it } from "vitest";
import { ctcaeGrade, type GradeBaseline, timesUlnRounded, unitKey } from "./ctcae";

const grade = (test: string, value: number | null, unit: string | null, range: string | null, base?: GradeBaseline) =>
  ctcaeGrade({ test, value, unit, range }, base ?? null);
/** Only the grade, or the reason there is none. */
const g = (...args: Parameters<typeof grade>) => {
  const out = grade(...args);
  return out === null ? null : out.grade === null ? out.reason : out.grade;
};

describe("ALT increased, the baseline normal or unknown: multiples of the upper limit", () => {
  // Range `<=40`: ULN 40, and 40 itself is within range. 3 x 40 = 120, 5 x 40 = 200, 20 x 40 = 800.
  it.each([
    [40, 0],
    [40.1, 1],
    [120, 1],
    [120.1, 2],
    [200, 2],
    [200.1, 3],
    [800, 3],
    [800.1, 4],
  ])("%d U/L is grade %d", (value, expected) => expect(g("ALT", value, "U/L", "<=40")).toBe(expected));

  it("names the term, in any unit, and by the other names of ALT", () => {
    expect(grade("alanine aminotransferase ", 130, "IU/L", "<=40")).toEqual({
      grade: 2,
      term: "Alanine aminotransferase increased",
      byBaseline: false,
    });
  });

  it("takes the bands of the upper limit when the baseline was within range: 90 is 2.25 x 40", () => {
    expect(grade("ALT", 90, "U/L", "<=40", { value: 35, range: "<=40" })).toMatchObject({
      grade: 1,
      byBaseline: false,
    });
  });

  it("has no grade without an upper limit, and says why", () => {
    expect(g("ALT", 90, "U/L", null)).toBe("the range has no upper limit");
    expect(g("ALT", 90, "U/L", "See report")).toBe("the range has no upper limit");
    expect(g("ALT", null, "U/L", "<=40")).toBeNull();
  });
});

describe("ALT increased after an abnormal baseline: multiples of the baseline", () => {
  // Baseline 60 U/L, above `<=40`: 1.5 x 60 = 90 (grade 1 from 90 on), 3 x 60 = 180, 5 x 60 = 300, 20 x 60 = 1200.
  const base = { value: 60, range: "<=40" };
  it.each([
    [89, 0],
    [90, 1],
    [180, 1],
    [180.1, 2],
    [300, 2],
    [300.1, 3],
    [1200, 3],
    [1200.1, 4],
  ])("%d U/L is grade %d", (value, expected) => expect(g("ALT", value, "U/L", "<=40", base)).toBe(expected));

  it("says the grade came from the baseline", () => {
    expect(grade("ALT", 90, "U/L", "<=40", base)).toMatchObject({ grade: 1, byBaseline: true });
  });

  it("uses 2.0 x baseline, inclusive, for grade 1 of ALP and above 1.0 x baseline for bilirubin", () => {
    // ALP baseline 150 above `40-129`: 2 x 150 = 300. Bilirubin baseline 1.5 above `0.1 - 1.2`: above 1.5.
    expect([299, 300].map((v) => g("ALP", v, "U/L", "40-129", { value: 150, range: "40-129" }))).toEqual([0, 1]);
    const bili = { value: 1.5, range: "0.1 - 1.2" };
    expect([1.5, 1.6].map((v) => g("BILI", v, "mg/dL", "0.1 - 1.2", bili))).toEqual([0, 1]);
  });
});

describe("bilirubin increased: binary noise does not decide a band", () => {
  // ULN 1.2: 1.5 x 1.2 = 1.8 (1.7999999999999998 in floating point), 3 x 1.2 = 3.6.
  it.each([
    [1.2, 0],
    [1.3, 1],
    [1.8, 1],
    [1.81, 2],
    [3.6, 2],
    [3.61, 3],
  ])("%d mg/dL is grade %d", (value, expected) => expect(g("BILI", value, "mg/dL", "0.1 - 1.2")).toBe(expected));
});

describe("neutrophil count decreased, in 10^9/L", () => {
  // Range 1.8-7.7: grade 1 below 1.8 down to 1.5, grade 2 below 1.5, grade 3 below 1.0, grade 4 below 0.5.
  it.each([
    [1.8, 0],
    [1.79, 1],
    [1.5, 1],
    [1.49, 2],
    [1.0, 2],
    [0.99, 3],
    [0.5, 3],
    [0.49, 4],
    [9.0, 0],
  ])("%d is grade %d", (value, expected) => expect(g("NEUT", value, "10^9/L", "1.8-7.7")).toBe(expected));

  it("reads 10^3/µL as 10^9/L, and grades no other unit", () => {
    expect(g("NEUT", 1.2, "10^3/µL", "1.8-7.7")).toBe(2);
    expect(g("NEUT", 40, "%", "40-70")).toBe("Neutrophil count decreased is graded in 10^9/L");
  });

  it("grades by value below 1.5 without a lower limit; grade 1 needs one", () => {
    expect(g("NEUT", 1.2, "10^9/L", "<=7.7")).toBe(2);
    expect(g("NEUT", 1.6, "10^9/L", "<=7.7")).toBe("the range has no lower limit");
  });
});

describe("hemoglobin", () => {
  // Anemia, range 12.0-15.5 g/dL: grade 1 below 12.0 down to 10.0, grade 2 below 10.0, grade 3 below 8.0; grade 4
  // needs life-threatening consequences and is never given.
  it.each([
    [12.0, 0],
    [11.9, 1],
    [10.0, 1],
    [9.9, 2],
    [8.0, 2],
    [7.9, 3],
    [5.0, 3],
  ])("%d g/dL is grade %d (anemia)", (value, expected) => expect(g("HGB", value, "g/dL", "12.0-15.5")).toBe(expected));

  // Hemoglobin increased above ULN 15.5: up to 2 g/dL above (17.5) grade 1, up to 4 (19.5) grade 2, then grade 3.
  it.each([
    [15.5, 0],
    [15.6, 1],
    [17.5, 1],
    [17.6, 2],
    [19.5, 2],
    [19.6, 3],
  ])("%d g/dL is grade %d (increased)", (value, expected) =>
    expect(g("HGB", value, "g/dL", "12.0-15.5")).toBe(expected),
  );

  it("grades g/L and mmol/L by their own bands; an increase only in g/dL or g/L", () => {
    expect([99, 80, 79].map((v) => g("HGB", v, "g/L", "120-155"))).toEqual([2, 2, 3]);
    expect(grade("HGB", 6.1, "mmol/L", "7.4-9.6")).toEqual({ grade: 2, term: "Anemia", byBaseline: false });
    expect(g("HGB", 9.7, "mmol/L", "7.4-9.6")).toBe("Hemoglobin increased is graded in g/dL or g/L");
  });
});

describe("creatinine increased", () => {
  // ULN 1.35: 1.5 x 1.35 = 2.025, 3 x 1.35 = 4.05, 6 x 1.35 = 8.1.
  it.each([
    [1.35, 0],
    [1.36, 1],
    [2.025, 1],
    [2.03, 2],
    [4.05, 2],
    [4.06, 3],
    [8.1, 3],
    [8.11, 4],
  ])("%d mg/dL is grade %d", (value, expected) => expect(g("CREAT", value, "mg/dL", "0.74-1.35")).toBe(expected));

  it("grades 2 and 3 by multiples of the baseline too, the higher grade counting", () => {
    // Baseline 0.5: above 1.5 x 0.5 = 0.75 grade 2, above 3 x 0.5 = 1.5 grade 3, whatever the upper limit says.
    const base = { value: 0.5, range: "0.74-1.35" };
    const at = (value: number) => grade("CREAT", value, "mg/dL", "0.74-1.35", base);
    expect(at(0.75)).toEqual({ grade: 0, term: null, byBaseline: false });
    expect(at(0.76)).toMatchObject({ grade: 2, byBaseline: true });
    expect(at(1.5)).toMatchObject({ grade: 2, byBaseline: true });
    expect(at(1.51)).toMatchObject({ grade: 3, byBaseline: true });
    // 8.2 is above 6 x 1.35 = 8.1: grade 4 by the upper limit, above the baseline's 3.
    expect(at(8.2)).toMatchObject({ grade: 4, byBaseline: false });
  });
});

describe("potassium, in mmol/L", () => {
  // Range 3.5-5.0. Hyperkalemia: grade 1 above 5.0 to 5.5, 2 above 5.5, 3 above 6.0, 4 above 7.0.
  it.each([
    [5.0, 0],
    [5.1, 1],
    [5.5, 1],
    [5.51, 2],
    [6.0, 2],
    [6.01, 3],
    [7.0, 3],
    [7.01, 4],
  ])("%d is grade %d (high)", (value, expected) => expect(g("K", value, "mmol/L", "3.5-5.0")).toBe(expected));

  // Hypokalemia: grade 1 below 3.5 down to 3.0 (grade 2 needs symptoms), 3 below 3.0, 4 below 2.5.
  it.each([
    [3.5, 0],
    [3.49, 1],
    [3.0, 1],
    [2.99, 3],
    [2.5, 3],
    [2.49, 4],
  ])("%d is grade %d (low)", (value, expected) => expect(g("K", value, "mmol/L", "3.5-5.0")).toBe(expected));

  it("names the term of the direction, and grades no other unit", () => {
    expect(grade("Potassium", 2.9, "mmol/L", "3.5-5.0")).toMatchObject({ grade: 3, term: "Hypokalemia" });
    expect(g("K", 6.2, "mEq/L", "3.5-5.0")).toBe("Hyperkalemia is graded in mmol/L");
  });
});

describe("sodium, calcium, magnesium, glucose", () => {
  it("grades hyponatremia 125-129 as 2 and 120-124 as 3 (the value alone), hypernatremia above 150 as 2", () => {
    // Range 135-145: 130 grade 1, below 130 grade 2, below 125 grade 3, below 120 grade 4; 150 grade 1, 150.5 grade 2.
    const na = [130, 129.9, 125, 124.9, 120, 119.9, 150, 150.5].map((v) => g("NA", v, "mmol/L", "135-145"));
    expect(na).toEqual([1, 2, 2, 3, 3, 4, 1, 2]);
  });

  it("grades calcium and magnesium in mg/dL or mmol/L", () => {
    // Calcium 8.6-10.3 mg/dL: 11.5 grade 1, 11.6 grade 2; 8.0 grade 1, 7.9 grade 2. In mmol/L (2.15-2.55): 3.0 is 2.
    expect([11.5, 11.6, 8.0, 7.9].map((v) => g("CA", v, "mg/dL", "8.6 - 10.3"))).toEqual([1, 2, 1, 2]);
    expect(g("CA", 3.0, "mmol/L", "2.15-2.55")).toBe(2);
    // Magnesium 1.7-2.2 mg/dL: 3.0 grade 1 (no grade 2), 3.1 grade 3; 1.2 grade 1, 1.1 grade 2.
    expect([3.0, 3.1, 1.2, 1.1].map((v) => g("MG", v, "mg/dL", "1.7-2.2"))).toEqual([1, 3, 1, 2]);
  });

  it("grades low glucose by value, and gives high glucose no grade (CTCAE v5.0 grades it by treatment)", () => {
    // Hypoglycemia, 3.9-5.5 mmol/L: 3.0 grade 1, 2.9 grade 2; 70-99 mg/dL: 55 grade 1, 54 grade 2.
    expect([3.0, 2.9].map((v) => g("GLUC", v, "mmol/L", "3.9-5.5"))).toEqual([1, 2]);
    expect([55, 54].map((v) => g("GLUC", v, "mg/dL", "70-99"))).toEqual([1, 2]);
    expect(g("GLUC", 99, "mg/dL", "70-99")).toBe(0);
    expect(g("GLUC", 250, "mg/dL", "70-99")).toBe("Hyperglycemia: CTCAE v5.0 grades hyperglycemia by treatment");
  });

  it("gives tests without CTCAE criteria here no grade at all", () => {
    expect(grade("LDH", 900, "U/L", "140-280")).toBeNull();
    expect(grade("MONO", 2, "10^9/L", null)).toBeNull();
  });
});

describe("timesUlnRounded and unitKey", () => {
  it("divides by the record's own upper limit, to two decimals", () => {
    // 1.8 / 1.2 = 1.5 (1.5000000000000002 in floating point); 130 / 40 = 3.25; 100 / 35 = 2.857... -> 2.86.
    expect(timesUlnRounded(1.8, "0.1 - 1.2")).toBe(1.5);
    expect(timesUlnRounded(130, "<=40")).toBe(3.25);
    expect(timesUlnRounded(100, "<35")).toBe(2.86);
    // 41 / 40 = 1.025 exactly in decimals (1.02499999999999991 in floating point): half up, 1.03.
    expect(timesUlnRounded(41, "<=40")).toBe(1.03);
    expect([timesUlnRounded(60, ">=60"), timesUlnRounded(1, "Negative"), timesUlnRounded(null, "<=40")]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("keys units without case or spaces, a count's spellings as one", () => {
    expect([unitKey("mmol/L"), unitKey("10*9/L"), unitKey("K/uL"), unitKey(" G/DL "), unitKey(null)]).toEqual([
      "mmol/l",
      "10^9/l",
      "10^9/l",
      "g/dl",
      null,
    ]);
  });
});
