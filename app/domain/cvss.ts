import calculator from "ae-cvss-calculator";

/**
 * CVSS base vectors as an advisory gives them, scored by a maintained calculator (ae-cvss-calculator,
 * FIRST's formulas for 3.1 and 4.0), never by hand. Only the base metrics: what a maker publishes for
 * everyone, and what CSAF's `baseScore` is. Loaders and the server use it: no visitor's page loads it.
 */
export const CVSS_VERSIONS = ["3.1", "4.0"] as const;
export type CvssVersion = (typeof CVSS_VERSIONS)[number];

/** FIRST's qualitative rating, the same scale for 3.1 and 4.0. */
export const SEVERITIES = ["None", "Low", "Medium", "High", "Critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface CvssScore {
  version: CvssVersion;
  /** The vector in the standard's own order of metrics. */
  vector: string;
  score: number;
  severity: Severity;
}

/** The base metrics each version's vector must give, in its order. */
const BASE_METRICS: Record<CvssVersion, readonly string[]> = {
  "3.1": ["AV", "AC", "PR", "UI", "S", "C", "I", "A"],
  "4.0": ["AV", "AC", "AT", "PR", "UI", "VC", "VI", "VA", "SC", "SI", "SA"],
};

export const CVSS_MESSAGES = {
  prefix: (version: CvssVersion) => `Start the vector with CVSS:${version}/`,
  metrics: (version: CvssVersion) => `Give each base metric once, and only those: ${BASE_METRICS[version].join(", ")}`,
  value: (metric: string, value: string) => `${metric}:${value} is no value of the metric ${metric}`,
} as const;

export function severityOf(score: number): Severity {
  if (score === 0) return "None";
  if (score < 4) return "Low";
  if (score < 7) return "Medium";
  if (score < 9) return "High";
  return "Critical";
}

/** `vector` scored, or what is wrong with it (a message to show beside its field). */
export function scoreCvss(version: CvssVersion, vector: string): CvssScore | { problem: string } {
  const trimmed = vector.trim();
  const prefix = `CVSS:${version}/`;
  if (!trimmed.startsWith(prefix)) return { problem: CVSS_MESSAGES.prefix(version) };
  const parts = trimmed.slice(prefix.length).split("/");
  const metrics = parts.map((part) => part.split(":")[0] ?? "");
  const wanted = BASE_METRICS[version];
  if (
    parts.some((part) => !/^[A-Z]+:[A-Z]+$/.test(part)) ||
    metrics.length !== wanted.length ||
    new Set(metrics).size !== metrics.length ||
    !metrics.every((metric) => wanted.includes(metric))
  ) {
    return { problem: CVSS_MESSAGES.metrics(version) };
  }
  try {
    const parsed = version === "3.1" ? new calculator.Cvss3P1(trimmed) : new calculator.Cvss4P0(trimmed);
    const score = parsed.calculateScores().base ?? 0;
    return { version, vector: parsed.toString(), score, severity: severityOf(score) };
  } catch {
    const wrong = parts.find((part) => {
      try {
        const probe = version === "3.1" ? new calculator.Cvss3P1() : new calculator.Cvss4P0();
        const [metric = "", value = ""] = part.split(":");
        probe.applyComponentString(metric, value);
        return false;
      } catch {
        return true;
      }
    });
    const [metric = "", value = ""] = (wrong ?? "").split(":");
    return { problem: CVSS_MESSAGES.value(metric, value) };
  }
}
