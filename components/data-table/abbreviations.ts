/** The meanings of the abbreviations column headers use, shown as the headers' tooltips (./HeaderTip.tsx). */
export const BOR_MEANING =
  "BOR: best overall response (RECIST 1.1), the best response from baseline until progression: CR complete " +
  "response, PR partial response, SD stable disease, Non-CR/Non-PD (non-target disease only), PD progressive " +
  "disease, NE not evaluable.";

export const ULN_MEANING =
  "×ULN: times the upper limit of normal, the result divided by the upper limit of its own reference range.";
