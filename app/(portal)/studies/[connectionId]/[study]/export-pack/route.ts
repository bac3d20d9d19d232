import { PassThrough, Readable } from "node:stream";
import { type DownloadFailure, downloadFailure, TOO_MANY_DOWNLOADS } from "@/components/study/download-failure";
import { requestAddress } from "@/lib/audit/request-address";
import { requireUser } from "@/lib/auth/dal";
import { takePackSlot } from "@/lib/export/pack/pack-slots";
import { recordPackExport } from "@/lib/export/pack/record-pack-export";
import { packFileName, writeStudyPack } from "@/lib/export/pack/write-study-pack";
import { studyCache } from "@/lib/study-cache/instance";
import { loadExportPack } from "@/lib/study-views/load-export-pack";
import { openUserStudy } from "@/lib/study-views/open-user-study";
import { studyRouteSchema } from "@/lib/study-views/study-route";

const plain = ({ status, title, detail }: DownloadFailure) =>
  new Response(`${title}\n\n${detail}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * The study export pack (docs/export-pack.md) of the signed-in user's own connection, streamed as a ZIP while it is
 * written; 404 for a connection that is not the user's; the partner's refusal in words before anything is sent.
 */
export async function GET(request: Request, { params }: { params: Promise<{ connectionId: string; study: string }> }) {
  const user = await requireUser();
  const route = studyRouteSchema.safeParse(await params);
  const address = await requestAddress();
  const access = route.success
    ? openUserStudy(user.id, route.data, studyCache(), { address, via: "export" })
    : undefined;
  if (!access) return plain({ status: 404, title: "No such study on your connections", detail: "Check the address." });
  const release = takePackSlot(user.id);
  if (!release) return plain(TOO_MANY_DOWNLOADS);
  let data: Awaited<ReturnType<typeof loadExportPack>>;
  try {
    data = await loadExportPack(access, access.study);
  } catch (err) {
    release();
    const failure = downloadFailure(err, access.connection.partnerId);
    if (failure) return plain(failure);
    throw err;
  }
  const sink = new PassThrough();
  const people = {
    connection: { name: access.connection.name, partnerId: access.connection.partnerId },
    user: { email: user.email, name: user.name },
  };
  // A failure from here on destroys the stream: the browser reports a failed download, never a partial file.
  writeStudyPack({ data, ...people }, sink, () => {}, request.signal)
    .then((summary) => recordPackExport({ userId: user.id, address, access, summary }))
    .catch((err) => console.error("export pack:", err instanceof Error ? err.message : "unknown"))
    .finally(release);
  return new Response(Readable.toWeb(sink) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${packFileName(data.study, data.asOf)}"`,
      "cache-control": "no-store",
    },
  });
}
