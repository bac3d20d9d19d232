/**
 * The saved views of a study (a server component, docs/review.md, Saved views): each view with its page, study
 * filter, owner, sharing and snapshot, what changed in the records it shows since it was saved (each count opening
 * those changes), and its page as saved or with the latest data.
 */
import type { SectionPlace } from "@/sections/frame/section-place";
import { HowComputed } from "@/sections/frame/ui/HowComputed";
import { Listing } from "@/sections/frame/ui/Listing";
import type { SavedViewsView } from "../load";
import { VIEWS_PREFIX, VIEWS_TABLES, viewsCaption, viewsDef } from "../tables";
import { SinceSavedRules } from "./SinceSavedRules";

export function SavedViewsContent({ view, place }: { view: SavedViewsView; place: SectionPlace }) {
  return (
    <>
      <HowComputed gist="each view's snapshot compared with the latest, over the records its page shows">
        <SinceSavedRules />
      </HowComputed>
      {view.views.length > 0 ? (
        <Listing
          def={viewsDef(view.views, place.studyHref)}
          caption={viewsCaption(place.study, view.views.length)}
          searchParams={place.searchParams}
          urlPrefix={VIEWS_PREFIX}
          exportAs={VIEWS_TABLES.key("views")}
        />
      ) : (
        <p>
          No saved views of this study yet. On any page of the study, &quot;Save view&quot; beside the data&apos;s time
          keeps the page as it is (its filters, sorting and data) for you or for your organisation.
        </p>
      )}
    </>
  );
}
