import type { Severity } from "#app/domain/cvss";

const SEVERITY_COLOURS: Record<Severity, string> = {
  Critical: "bg-red-700 text-white",
  High: "bg-orange-100 text-orange-950 ring-1 ring-orange-300",
  Medium: "bg-amber-100 text-amber-950 ring-1 ring-amber-300",
  Low: "bg-slate-100 text-slate-800 ring-1 ring-slate-300",
  None: "bg-slate-100 text-slate-800 ring-1 ring-slate-300",
};

/** An advisory's severity in words (`label`, "Critical 9.8" with its score): colour says it again, never alone. */
export function SeverityBadge({ severity, score, label }: { severity: Severity; score: string; label: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${SEVERITY_COLOURS[severity]}`}>
      {label}
      {score ? ` ${score}` : ""}
    </span>
  );
}
