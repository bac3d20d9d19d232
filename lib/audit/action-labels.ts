/**
 * The name of each audit action as the audit pages show it (docs/audit.md lists the actions); the action's code
 * stays what is stored, filtered on and exported. Typed by the closed set of actions: a new action needs its name.
 */
import type { AuditAction } from "./audit-events";

export const ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  "auth.sign_in": "Sign-in",
  "auth.sign_in_failed": "Sign-in refused",
  "auth.sign_out": "Sign-out",
  "auth.session_ended": "Session ended",
  "user.add": "Account added",
  "user.disable": "Account disabled",
  "user.enable": "Account enabled",
  "user.reset_password": "Password reset",
  "user.role": "Role changed",
  "connection.create": "Connection added",
  "connection.update": "Connection saved",
  "connection.delete": "Connection removed",
  "connection.test": "Connection tested",
  "study.load": "Study data loaded",
  "study.keep": "Study data kept as a snapshot",
  "review.mark": "Records marked reviewed or unmarked",
  "review.comment": "Comment written or withdrawn, or its thread resolved or opened again",
  "review.view": "View saved, shared, made private or deleted",
  "study.refresh": "Study data refreshed",
  "export.file": "File exported",
  "export.pack": "Study pack exported",
  "snapshots.purge": "Study snapshots purged",
  "access.refused": "Access refused",
};

/** An action's name; an action no longer in the set (an old entry) by its code. */
export const actionLabel = (action: string): string =>
  Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action as AuditAction] : action;
