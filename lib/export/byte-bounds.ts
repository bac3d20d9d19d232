/**
 * The bytes export files may take on the server's disk (docs/exports.md, Limits): the files kept for their
 * download and those being written, in all and per user. A file is measured as it grows; when it takes the bytes
 * past a bound, the oldest finished files go first (the user's own for the per-user bound, anyone's for the total),
 * and when only files still being written are left, the growing one stops with what to do. A file's size cannot be
 * known before it is written: a million laboratory results make about 90 MB of CSV.
 */

export interface ByteBounds {
  /** All export files together. */
  total: number;
  /** One user's files together. */
  perUser: number;
}

/** What the bounds read of an export job (./export-jobs.ts): whose it is, and whether and when it finished. */
export interface JobFile {
  owner: number;
  state: "running" | "done" | "failed" | "cancelled";
  finishedAt: number | null;
}

export type ByteRoom<J> = { evict: J[] } | { refused: string };

/**
 * What `growing`'s file needs to fit: the finished jobs whose files go, oldest first; or, when files being written
 * fill the bound by themselves, why it must stop. `jobs` are every kept and running job; `size` is a job's bytes.
 */
export function byteRoom<J extends JobFile>(
  growing: J,
  jobs: readonly J[],
  size: (job: J) => number,
  bounds: ByteBounds,
): ByteRoom<J> {
  const evict: J[] = [];
  const kept = jobs.filter((j) => j.state === "done").sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0));
  const left = () => jobs.filter((j) => !evict.includes(j));
  const used = (owner?: number) =>
    left().reduce((n, j) => (owner === undefined || j.owner === owner ? n + size(j) : n), 0);
  const oldest = (owner?: number) =>
    kept.find((j) => j !== growing && !evict.includes(j) && (owner === undefined || j.owner === owner));
  for (const owner of [growing.owner, undefined]) {
    const bound = owner === undefined ? bounds.total : bounds.perUser;
    while (used(owner) > bound) {
      const next = oldest(owner);
      if (!next) return { refused: refusal(size(growing) > bound, owner === undefined, bound) };
      evict.push(next);
    }
  }
  return { evict };
}

/** Why the growing file stops: it is too large by itself, or the files still being written fill the bound. */
function refusal(alone: boolean, everyone: boolean, bound: number): string {
  const whose = everyone ? "everyone's exports" : "each user's exports";
  if (alone)
    return (
      `This export stopped: its file would be larger than the ${sizeText(bound)} the server keeps for ${whose}. ` +
      "Narrow the export with the view's filters, or ask the portal's administrator to allow larger files."
    );
  return everyone
    ? `This export stopped: the export files on the server would take more than the ${sizeText(bound)} it keeps ` +
        "for everyone's exports, with other exports still being written. Try again in a few minutes."
    : `This export stopped: your export files would take more than the ${sizeText(bound)} the server keeps for ` +
        "each user, with your other exports still being written. Wait for them to finish (or cancel them), then " +
        "start this one again.";
}

/** "4 GiB", "512 MiB". */
export function sizeText(bytes: number): string {
  const gib = bytes / 2 ** 30;
  return gib >= 1 ? `${Number(gib.toFixed(1))} GiB` : `${Math.max(1, Math.round(bytes / 2 ** 20))} MiB`;
}
