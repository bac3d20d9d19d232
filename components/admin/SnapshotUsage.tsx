/**
 * What the portal store holds of study snapshots, for administrators (docs/snapshots.md, Administration): per
 * partner identity (named by the connections that read as it, never with a secret) and study, its snapshots and
 * their bytes, each with its purge behind a confirmation.
 */
import { ColumnHeads } from "@/components/data-table/ColumnHeads";
import { MESSAGE_CLASS } from "@/components/feedback/message-class";
import { ConfirmSubmit } from "@/components/ui/ConfirmSubmit";
import uiStyles from "@/components/ui/ui.module.css";
import { utcDateTime } from "@/lib/clinical/common/date-time";
import type { SnapshotUsage, StudyUsage } from "@/lib/snapshots/snapshot-usage";
import { studyNumberSchema } from "@/partner-api/study-number";

const MB = 1024 * 1024;
const size = (bytes: number) => (bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`);
const time = (ms: number) => utcDateTime(ms, "minute");

export function SnapshotSummary({ usage, kept, keptDays }: { usage: SnapshotUsage; kept: number; keptDays: number }) {
  const snapshots = usage.studies.reduce((n, s) => n + s.snapshots, 0).toLocaleString("en");
  const chunks = usage.chunks.toLocaleString("en");
  return (
    <dl>
      <dt>Stored</dt>
      <dd>
        {size(usage.bytes)} in {chunks} chunks, named by {snapshots} snapshots of {usage.studies.length} studies and
        identities (a chunk is stored once, however many name it)
      </dd>
      <dt>Retention</dt>
      <dd>
        The newest {kept} snapshots per identity, study and record type, none older than {keptDays} days, the latest
        always (SNAPSHOTS_KEPT, SNAPSHOTS_KEPT_DAYS)
      </dd>
    </dl>
  );
}

/** What the last purge did, from the page's address (only numbers and a valid study number are shown). */
export function PurgeOutcome({ said }: { said: URLSearchParams }) {
  if (said.get("refused") === "1")
    return (
      <p role="alert" className={MESSAGE_CLASS.error}>
        Nothing was purged: the form named no identity and study the store holds. Reload the page and try again.
      </p>
    );
  const study = studyNumberSchema.safeParse(said.get("study"));
  const [snapshots, chunks] = [Number(said.get("snapshots")), Number(said.get("chunks"))];
  if (!study.success || !Number.isSafeInteger(snapshots) || !Number.isSafeInteger(chunks)) return null;
  return (
    <p role="status" className={MESSAGE_CLASS.success}>
      Purged {snapshots} snapshots of study {study.data} and {chunks} chunks no other snapshot names. Chunks written in
      the last hour go with a later sweep; the study is loaded from the partner when next opened.
    </p>
  );
}

const identityWords = (s: StudyUsage) =>
  s.named ? `${s.named.baseUrl}, partner ${s.named.partnerId}, client ${s.named.clientId}` : "no connection now";

export function SnapshotUsageTable({
  studies,
  purge,
}: {
  studies: readonly StudyUsage[];
  purge: (formData: FormData) => Promise<void>;
}) {
  if (studies.length === 0) return <p>The store holds no snapshot.</p>;
  return (
    // A box that scrolls sideways on narrow screens (uiStyles.tableScroll); its Purge buttons take a keyboard there.
    <section className={uiStyles.tableScroll} aria-label="Snapshots per identity and study">
      <table>
        <caption>Snapshots per partner identity and study, largest first</caption>
        <ColumnHeads
          names={["Identity", "Study", "Snapshots", "Record types", "First (UTC)", "Latest (UTC)", "Size", "Purge"]}
        />
        <tbody>
          {studies.map((s) => (
            <tr key={`${s.identity} ${s.study}`}>
              <td>
                {identityWords(s)} <code title="The identity as the store files it">{s.identity.slice(0, 12)}</code>
              </td>
              <td>{s.study}</td>
              <td>{s.snapshots}</td>
              <td>{s.recordTypes}</td>
              <td>{time(s.firstTakenAt)}</td>
              <td>{time(s.latestTakenAt)}</td>
              <td>{size(s.bytes)}</td>
              <td>
                <form action={purge}>
                  <input type="hidden" name="identity" value={s.identity} />
                  <input type="hidden" name="study" value={s.study} />
                  <ConfirmSubmit
                    label="Purge"
                    name={`Purge the snapshots of study ${s.study} (${identityWords(s)})`}
                    title={`Purge the ${s.snapshots} snapshots of study ${s.study}?`}
                    description={
                      `The snapshots of ${identityWords(s)} are deleted, with the chunks no other snapshot names. ` +
                      "Changes cannot compare them any more; the study is loaded from the partner when next opened."
                    }
                    confirm="Purge snapshots"
                  />
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
