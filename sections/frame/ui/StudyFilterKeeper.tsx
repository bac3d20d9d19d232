"use client";
/**
 * Keeps the study filter while the user stays in the study (docs/design.md, The study filter): a link to another
 * page of the study, and a GET form's submission, carry the filter of the page's address on, whichever section
 * wrote them (../study-filter-keep.ts). A plain click is taken over and opened with the filter; before a click
 * with a modifier, a middle click or the context menu (a new tab, "copy link"), the link's address is rewritten.
 */
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { carriesStudyFilter, parseStudyFilter, STUDY_FILTER_PARAMS, studyFilterParams } from "../study-filter";
import { carriedHref, inStudy, KEEP_ATTRIBUTE } from "../study-filter-keep";

export function StudyFilterKeeper({ studyHref }: { studyHref: string }) {
  const router = useRouter();
  const search = useSearchParams().toString();
  useEffect(() => {
    const filter = parseStudyFilter(new URLSearchParams(search));
    if (!carriesStudyFilter(filter)) return;
    const linkOf = (event: Event) => {
      // HTML links, and the SVG links of the charts.
      const a = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (a === null || a.hasAttribute(KEEP_ATTRIBUTE) || a.hasAttribute("download")) return null;
      const target = a.getAttribute("target");
      if (target && target !== "_self") return null;
      const next = carriedHref(a.getAttribute("href") ?? "", window.location.href, studyHref, filter);
      return next === null ? null : { a, next };
    };
    const rewrite = (event: Event) => {
      const found = linkOf(event);
      if (found) found.a.setAttribute("href", found.next);
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const found = linkOf(event);
      if (!found) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        found.a.setAttribute("href", found.next);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      router.push(found.next);
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method !== "get") return;
      if (!inStudy(new URL(form.action, window.location.href).pathname, studyHref)) return;
      if (STUDY_FILTER_PARAMS.some((name) => form.elements.namedItem(name) !== null)) return;
      studyFilterParams(filter).forEach((value, name) => {
        const input = document.createElement("input");
        Object.assign(input, { type: "hidden", name, value });
        form.append(input);
      });
    };
    document.addEventListener("click", onClick, true);
    document.addEventListener("auxclick", rewrite, true);
    document.addEventListener("contextmenu", rewrite, true);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("auxclick", rewrite, true);
      document.removeEventListener("contextmenu", rewrite, true);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, [search, studyHref, router]);
  return null;
}
