import { describe, expect, it } from "vitest";
import { displayDateTime, utcDateTime, utcDateTimeWords } from "./date-time";

describe("displayDateTime", () => {
  it("writes a partner's date-time without the T, to the minute", () => {
    expect(displayDateTime("2023-03-30T09:15:00")).toBe("2023-03-30 09:15");
    expect(displayDateTime("2026-11-27T16:47")).toBe("2026-11-27 16:47");
    expect(displayDateTime("2026-11-27T16:47:00.000")).toBe("2026-11-27 16:47");
  });

  it("keeps seconds that are not zero, so that no time sent is cut", () => {
    expect(displayDateTime("2023-03-30T09:15:42")).toBe("2023-03-30 09:15:42");
    expect(displayDateTime("2023-03-30T09:15:00.250")).toBe("2023-03-30 09:15:00.250");
  });

  it("keeps an offset the partner sent after the time", () => {
    expect(displayDateTime("2023-03-08T09:36:00-08:00")).toBe("2023-03-08 09:36 UTC-08:00");
    expect(displayDateTime("2023-03-08T17:36:00Z")).toBe("2023-03-08 17:36 UTC");
  });

  it("shows a date alone, a partial date and any other text as sent", () => {
    expect(displayDateTime("2023-03-30")).toBe("2023-03-30");
    expect(displayDateTime("2023-04")).toBe("2023-04");
    expect(displayDateTime("03/30/2023")).toBe("03/30/2023");
    expect(displayDateTime(null)).toBeNull();
  });
});

describe("utcDateTime", () => {
  it("writes an instant in UTC to the minute, or to the second", () => {
    const at = Date.UTC(2026, 10, 27, 16, 47, 5, 120);
    expect(utcDateTime(at)).toBe("2026-11-27 16:47");
    expect(utcDateTime(at, "second")).toBe("2026-11-27 16:47:05");
    expect(utcDateTime("2026-01-02T03:04:05.678Z", "second")).toBe("2026-01-02 03:04:05");
  });
});

describe("utcDateTimeWords", () => {
  it("writes an instant in UTC as a sentence says it, to the minute", () => {
    expect(utcDateTimeWords(Date.UTC(2026, 10, 27, 16, 47, 5))).toBe("27 Nov 2026, 16:47");
    expect(utcDateTimeWords(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe("2 Jan 2026, 03:04");
    // Late in the evening in UTC is still that day, whatever the server's own zone.
    expect(utcDateTimeWords("2026-12-31T23:59:59.999Z")).toBe("31 Dec 2026, 23:59");
  });
});
