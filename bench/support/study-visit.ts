/** A study opened as a user would first open it (its loads), and the subjects its subject list links to. */
import { isAction, type MixContext, type MixEntry } from "./load-mix";
import type { PortalSession } from "./portal-session";
import { BENCH_VIEWS } from "./views";

/**
 * The id of a study section's error box (sections/frame/ui/notices.tsx): a page whose load failed still answers 200
 * (the page streams while the study loads), so a page is checked for it too, in its HTML and in its RSC payload.
 */
export const STUDY_ERROR_MARK = "study-error-title";

/**
 * Every view of `npm run bench:views` once, as HTML, one after another: the first visits load every record type the
 * views need into the study cache (the subject profile loads all of them). Each must answer 200 (text throws) without
 * the study's error box.
 */
export async function warmStudy(
  session: PortalSession,
  studyHref: string,
): Promise<{ seconds: number; views: number }> {
  const started = performance.now();
  const subject = await session.firstSubjectId(studyHref);
  const views = BENCH_VIEWS(studyHref, subject);
  for (const v of views)
    if ((await session.text(v.path)).includes(STUDY_ERROR_MARK)) throw new Error(`${v.name}: the study's error box`);
  return { seconds: (performance.now() - started) / 1000, views: views.length };
}

/**
 * Every entry of a mix once, views as HTML, for one subject: the aggregates they derive (kept with the cached
 * entries, see lib/study/derived.ts) exist before the RSS of the cached study is read, so that what the users'
 * browsing adds to it afterwards is their own doing. Each review action is sent once too and must answer 200: a
 * record the partner does not serve, or a refused origin, stops the benchmark before it measures anything.
 */
export async function visitMix(session: PortalSession, mix: readonly MixEntry[], context: MixContext) {
  for (const v of mix) {
    if (isAction(v)) {
      const { path, body } = v.post(context);
      const sent = await session.post(path, body);
      if (sent.status !== 200) throw new Error(`${v.name}: HTTP ${sent.status} ${JSON.stringify(sent.answer)}`);
    } else if ((await session.text(v.path(context))).includes(STUDY_ERROR_MARK))
      throw new Error(`${v.name}: the study's error box`);
  }
}

/** Pages of 100 subjects at most; 1,000 subjects are 10. */
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

/** Every subject ID the subject list links to, page by page until a page adds none. */
export async function subjectIds(session: PortalSession, studyHref: string): Promise<string[]> {
  const ids = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const html = await session.text(`${studyHref}/subjects?size=${PAGE_SIZE}&page=${page}`);
    const before = ids.size;
    // Links in the HTML itself (the page's flight data repeats them with escaped quotes).
    for (const m of html.matchAll(/href="[^"]*\/subjects\/([^"?/#\\]+)/g)) ids.add(decodeURIComponent(m[1]));
    if (ids.size === before) break;
  }
  if (ids.size === 0) throw new Error("the subject list links to no subject profile");
  return [...ids];
}
