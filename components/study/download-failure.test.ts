import { describe, expect, it } from "vitest";
import { StudyForbiddenError, UnavailableError } from "@/lib/partner-client/errors";
import { StudyNotListedError } from "@/lib/study-views/open-user-study";
import { downloadFailure } from "./download-failure";

const request = { what: "Group", study: "ONC-102", path: "/svc-apim/external/v2/crit/core/api/Group" } as const;

describe("downloadFailure", () => {
  it("says a study not on the connection's list is not found, and where to add it", () => {
    expect(downloadFailure(new StudyNotListedError("XYZ-9"), "NORTHSTAR")).toEqual({
      status: 404,
      title: "This study is not on the connection's list",
      detail: "Study XYZ-9 is not on this connection's list of studies. Add it in Settings to download its data.",
    });
  });

  it("says a study the partner does not grant is forbidden, naming the partner and the study", () => {
    const failure = downloadFailure(new StudyForbiddenError(request, 403, 1), "NORTHSTAR");
    expect(failure).toMatchObject({ status: 403, title: "No access to this study" });
    expect(failure?.detail).toContain("does not grant partner NORTHSTAR access to study ONC-102");
  });

  it("says a partner failure is a bad gateway, and leaves an unplanned error to the server", () => {
    expect(downloadFailure(new UnavailableError(request, 503, 3), "P")?.status).toBe(502);
    expect(downloadFailure(new Error("bug"), "P")).toBeUndefined();
  });
});
