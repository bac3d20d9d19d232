import { describe, expect, it } from "vitest";
import { ACTION_LABELS, actionLabel } from "./action-labels";
import { AUDIT_ACTIONS } from "./audit-events";

describe("actionLabel", () => {
  it("names each action in words", () => {
    expect(actionLabel("auth.sign_in")).toBe("Sign-in");
    expect(actionLabel("auth.sign_in_failed")).toBe("Sign-in refused");
    expect(actionLabel("connection.test")).toBe("Connection tested");
    expect(actionLabel("export.file")).toBe("File exported");
    expect(actionLabel("access.refused")).toBe("Access refused");
  });

  it("gives every action its own name", () => {
    const names = AUDIT_ACTIONS.map((a) => ACTION_LABELS[a]);
    expect(new Set(names).size).toBe(AUDIT_ACTIONS.length);
  });

  it("shows an action outside the set by its code, and finds no inherited name", () => {
    expect(actionLabel("study.retired")).toBe("study.retired");
    expect(actionLabel("constructor")).toBe("constructor");
  });
});
