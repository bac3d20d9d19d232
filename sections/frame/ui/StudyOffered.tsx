"use client";
/**
 * The study's navigation and its export pack as far as the study allows (../study-offer.ts, which the study's
 * layout starts and hands over as a promise). Both are shown at once, as though everything applied, and narrowed
 * in place once the offer is known: the navigation without Tumour response, saying why once; nothing at all for a
 * study the user's connection or the partner service refuses, whose page says why. In place, not replaced: a link
 * keeps its focus and an export under way its control.
 */
import { type ReactNode, useEffect, useState } from "react";
import type { StudyOffer } from "../study-offer";
import { type SectionLink, StudySectionNav } from "./StudySectionNav";
import styles from "./study.module.css";

/** Said under the navigation of a study without imaging, once. */
export const NO_RESPONSE_NOTE = "No tumour response: the study has no imaging records.";

/** Whether a link of the study's navigation opens the Tumour response section (its address, whatever its query). */
export const isResponseLink = (href: string) => /\/tumour-response$/.test(href.split(/[?#]/)[0]);

/** What is shown for an offer (null: not known yet, everything): the links, the note under them, the pack. */
export function offered(known: StudyOffer | null, links: readonly SectionLink[]) {
  if (known?.refused) return { links: [], note: null, pack: false };
  const response = known?.response ?? true;
  return {
    links: response ? links : links.filter((l) => !isResponseLink(l.href)),
    note: response ? null : NO_RESPONSE_NOTE,
    pack: true,
  };
}

/** The offer once the server has it; null until then. */
function useOffer(offer: Promise<StudyOffer>): StudyOffer | null {
  const [known, setKnown] = useState<StudyOffer | null>(null);
  useEffect(() => {
    let live = true;
    // A promise from the server arrives as React's thenable, whose `then` returns nothing: adopted into a Promise.
    Promise.resolve(offer)
      .then((o) => live && setKnown(o))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [offer]);
  return known;
}

export function OfferedSections({ offer, links }: { offer: Promise<StudyOffer>; links: readonly SectionLink[] }) {
  const shown = offered(useOffer(offer), links);
  if (shown.links.length === 0) return null;
  return (
    <>
      <StudySectionNav links={shown.links} />
      {shown.note ? <p className={styles.navNote}>{shown.note}</p> : null}
    </>
  );
}

/** What only a readable study offers (`children`: the export pack, the jump to a subject), unless it is refused. */
export function UnlessRefused({ offer, children }: { offer: Promise<StudyOffer>; children: ReactNode }) {
  return offered(useOffer(offer), []).pack ? children : null;
}
