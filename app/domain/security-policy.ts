/**
 * The security settings a site starts with (decision 073): where vulnerability reports go and the
 * disclosure policy. A module of their own: pages' code loads the site's defaults (site.ts), never
 * these.
 */
export const DEFAULT_SECURITY = {
  securityEmail: "security@vantage.example",
  disclosurePolicy: [
    "## Reporting a vulnerability",
    "",
    "If you believe you have found a security vulnerability in one of our cameras, recorders, their firmware or this website, use the report form on this page or e-mail our product security team at the address above. Please include the model and firmware version, what you found, and the steps to reproduce it.",
    "",
    "## What we ask of you",
    "",
    "- Give us a reasonable time to fix the issue before you make it public; we aim for 90 days.",
    "- Do not access, change or delete data that is not yours, and do not degrade our services.",
    "- Test only against devices you own or are allowed to test.",
    "",
    "## What you can expect from us",
    "",
    "- An acknowledgment within three working days, and updates as we investigate.",
    "- Credit in the security advisory, if you wish.",
    "- No legal action against research done in good faith under this policy.",
  ].join("\n"),
};

/** How far ahead security.txt expires: under RFC 9116's year, moved on each day it is read. */
const EXPIRES_AFTER_DAYS = 364;

/**
 * `/.well-known/security.txt` (RFC 9116): whom to tell of a vulnerability, the policy, the languages
 * the team reads, the file's own address, and an expiry a little under a year after `today` (an ISO
 * day), so it stays fresh without anyone editing it.
 */
export function securityTxt({
  publicUrl,
  securityEmail,
  policyPath,
  reportFormAnchor,
  csafPath,
  today,
}: {
  publicUrl: string;
  securityEmail: string;
  policyPath: string;
  /** The report form's place on the policy page: a second way to reach the team. */
  reportFormAnchor: string;
  /** The CSAF provider's metadata: where tools find the advisories (CSAF 2.0 section 7.1.8). */
  csafPath: string;
  today: string;
}): string {
  const expires = new Date(Date.parse(`${today}T00:00:00Z`) + EXPIRES_AFTER_DAYS * 86_400_000);
  return [
    `Contact: mailto:${securityEmail}`,
    `Contact: ${publicUrl}${policyPath}#${reportFormAnchor}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `Policy: ${publicUrl}${policyPath}`,
    "Preferred-Languages: en",
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    `CSAF: ${publicUrl}${csafPath}`,
    "",
  ].join("\n");
}
