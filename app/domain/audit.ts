/** What an audit log entry can record, and how the dashboard names each. */
export const AUDIT_KINDS = {
  "sign-in": "Signed in",
  "sign-in-failed": "Sign-in failed",
  "sign-out": "Signed out",
  "password-reset-requested": "Password reset asked",
  "password-reset": "Password reset",
  "password-set": "Password set (command line)",
  "password-changed": "Password changed",
  "signed-everyone-out": "Everyone signed out",
  "identity-confirmed": "Password confirmed for a sensitive action",
  "sign-in-policy-changed": "Sign-in policy changed",
  "session-ended": "Session ended",
  "other-sessions-ended": "Other sessions ended",
  "sessions-ended": "Sessions ended by an owner",
  "two-factor-on": "Two-factor authentication turned on",
  "two-factor-off": "Two-factor authentication turned off",
  "recovery-codes-made": "New recovery codes made",
  "passkey-added": "Passkey added",
  "passkey-renamed": "Passkey renamed",
  "passkey-removed": "Passkey removed",
  "invitation-sent": "Invitation sent",
  "invitation-cancelled": "Invitation cancelled",
  "invitation-accepted": "Invitation accepted",
  "person-added": "Person added",
  "role-changed": "Role changed",
  "person-removed": "Person removed",
  created: "Created",
  updated: "Saved",
  deleted: "Deleted",
  restored: "Restored",
  published: "Published as scheduled",
  "moved-to-top": "Moved to top",
  "marked-unread": "Marked unread",
  backup: "Backup written",
  restore: "Backup restored",
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;

export function isAuditKind(value: string): value is AuditKind {
  return Object.hasOwn(AUDIT_KINDS, value);
}

/** Who did it when nobody signed in did: the operator's `npm run admin` on the server. */
export const COMMAND_LINE_ACTOR = "Command line";

/** Who publishes a scheduled record at its time: the server, on no one's request. */
export const SCHEDULE_ACTOR = "Schedule";
