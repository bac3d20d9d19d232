/** What the study cache holds, for administrators: no secrets, only identities, sizes and counts. */

import { ColumnHeads } from "@/components/data-table/ColumnHeads";
import uiStyles from "@/components/ui/ui.module.css";
import { utcDateTime } from "@/lib/clinical/common/date-time";
import type { StudyCacheStats } from "@/lib/study-cache/study-cache";

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`);
// The portal's form of a date-time (docs/design.md, Dates and times), to the second; the header names UTC.
const time = (ms: number) => utcDateTime(ms, "second");

export function CacheSummary({ s }: { s: StudyCacheStats }) {
  const lookups = s.hits + s.misses + s.shared;
  return (
    <dl>
      <dt>Memory (estimated)</dt>
      <dd>
        {size(s.bytes)} of {size(s.maxBytes)} in {s.entries} entries
        {s.sharing > 0 && `, ${s.sharing} of them sharing the rows of another identity's entry of the same content`}
      </dd>
      <dt>Lookups</dt>
      <dd>
        {s.hits} hits, {s.shared} joined a load under way, {s.misses} misses
        {lookups ? ` (${Math.round((100 * (s.hits + s.shared)) / lookups)} % served without a new load)` : ""}
      </dd>
      <dt>Evictions</dt>
      <dd>
        {s.evictions} least recently used entries evicted; {s.tooLarge} loads too large to keep at all (raise
        STUDY_CACHE_MAX_MB if this grows)
      </dd>
      <dt>Loads under way</dt>
      <dd>{s.loading}</dd>
      <dt>Time to live</dt>
      <dd>{s.ttlMs / 1000} seconds</dd>
      <dt>Partner clients kept</dt>
      <dd>{s.clients}</dd>
    </dl>
  );
}

export function CacheEntries({ list }: { list: StudyCacheStats["list"] }) {
  return (
    // A box that scrolls sideways on narrow screens (uiStyles.tableScroll): a tab stop, so that a keyboard scrolls it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region with nothing focusable inside (WCAG 2.1.1).
    <section className={uiStyles.tableScroll} tabIndex={0} aria-label="Cache entries">
      <table>
        <caption>Entries, least recently used first (evicted first)</caption>
        <ColumnHeads
          names={[
            "Base URL",
            "Partner ID",
            "Client ID",
            "Study",
            "Record type",
            "Size",
            "Loaded (UTC)",
            "Last used (UTC)",
          ]}
        />
        <tbody>
          {list.map((e) => (
            <tr key={`${e.baseUrl} ${e.partnerId} ${e.clientId} ${e.study} ${e.recordType}`}>
              <td>{e.baseUrl}</td>
              <td>{e.partnerId}</td>
              <td>{e.clientId}</td>
              <td>{e.study}</td>
              <td>{e.recordType}</td>
              <td>
                {size(e.bytes)}
                {e.shared ? " (shared)" : ""}
              </td>
              <td>{time(e.loadedAt)}</td>
              <td>{time(e.lastUsedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
