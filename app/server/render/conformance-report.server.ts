import { BARRIER_FORM_PATH, CONFORMANCE_REPORT, type CriterionReport } from "#app/domain/accessibility-report";
import { escapeHtml } from "#app/domain/markdown";
import { ACCESSIBILITY_PATH } from "#app/domain/paths";

/** The report's tables, as the VPAT 2.5 WCAG edition lays them out: one per level. */
const LEVELS = [
  { level: "A", title: "Table 1: Success Criteria, Level A" },
  { level: "AA", title: "Table 2: Success Criteria, Level AA" },
] as const;

function row(criterion: CriterionReport): string {
  const tests = criterion.heldBy
    .map((held) => `<li><code>${escapeHtml(held.file)}</code>: “${escapeHtml(held.test)}”</li>`)
    .join("");
  return `<tr>
<th scope="row">${escapeHtml(criterion.id)} ${escapeHtml(criterion.name)} (Level ${criterion.level})</th>
<td>${escapeHtml(criterion.conformance)}</td>
<td>${escapeHtml(criterion.remarks)}<p>Held by:</p><ul>${tests}</ul></td>
</tr>`;
}

/**
 * The Accessibility Conformance Report as a document of its own (VPAT® 2.5 Rev, WCAG edition): what it
 * covers, how it was evaluated, and the criteria's tables. Standalone HTML, readable offline and by
 * any screen reader, as procurement files keep it.
 */
export function conformanceReportDocument(company: { name: string; contactEmail: string; publicUrl: string }): string {
  const report = CONFORMANCE_REPORT;
  const tables = LEVELS.map(
    ({ level, title }) => `<h3>${title}</h3>
<table>
<thead><tr><th scope="col">Criteria</th><th scope="col">Conformance Level</th><th scope="col">Remarks and Explanations</th></tr></thead>
<tbody>
${report.criteria
  .filter((criterion) => criterion.level === level)
  .map(row)
  .join("\n")}
</tbody>
</table>`,
  ).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(company.name)} Accessibility Conformance Report, WCAG Edition</title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; max-width: 70rem; margin: 0 auto; padding: 1rem; color: #0f172a; }
table { border-collapse: collapse; width: 100%; margin-bottom: 2rem; }
th, td { border: 1px solid #475569; padding: 0.5rem; text-align: left; vertical-align: top; }
thead th { background: #e2e8f0; }
code { font-size: 0.9em; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(company.name)} Accessibility Conformance Report</h1>
<p>WCAG Edition, based on VPAT® Version 2.5 Rev</p>
<dl>
<dt>Name of Product/Version</dt><dd>${escapeHtml(report.name)}, as published at ${escapeHtml(company.publicUrl)} on ${report.date}</dd>
<dt>Report Date</dt><dd>${report.date}</dd>
<dt>Product Description</dt><dd>${escapeHtml(report.description)}</dd>
<dt>Contact Information</dt><dd>${escapeHtml(company.contactEmail)}, or the form at ${escapeHtml(`${company.publicUrl}${BARRIER_FORM_PATH}`)}</dd>
<dt>Notes</dt><dd>${report.limitations.map(escapeHtml).join(" ")} The site's accessibility statement: ${escapeHtml(`${company.publicUrl}${ACCESSIBILITY_PATH}`)}.</dd>
<dt>Evaluation Methods Used</dt><dd>${escapeHtml(report.evaluationMethods)}</dd>
</dl>
<h2>Applicable Standards/Guidelines</h2>
<table>
<thead><tr><th scope="col">Standard/Guideline</th><th scope="col">Included In Report</th></tr></thead>
<tbody>
<tr><th scope="row">Web Content Accessibility Guidelines 2.0</th><td>Level A (Yes), Level AA (Yes), Level AAA (No)</td></tr>
<tr><th scope="row">Web Content Accessibility Guidelines 2.1</th><td>Level A (Yes), Level AA (Yes), Level AAA (No)</td></tr>
<tr><th scope="row">Web Content Accessibility Guidelines 2.2</th><td>Level A (Yes), Level AA (Yes), Level AAA (No)</td></tr>
</tbody>
</table>
<h2>Terms</h2>
<ul>
<li><strong>Supports</strong>: the functionality of the product has at least one method that meets the criterion without known defects or meets with equivalent facilitation.</li>
<li><strong>Partially Supports</strong>: some functionality of the product does not meet the criterion.</li>
<li><strong>Does Not Support</strong>: the majority of product functionality does not meet the criterion.</li>
<li><strong>Not Applicable</strong>: the criterion is not relevant to the product.</li>
</ul>
<h2>WCAG 2.x Report</h2>
<p>Success criterion 4.1.1 Parsing was removed from WCAG 2.2 and is always satisfied for HTML under WCAG 2.0 and 2.1 (WCAG 2 errata); it is not listed.</p>
${tables}
<h2>Legal Disclaimer</h2>
<p>This report describes the site as published on ${report.date}. “Voluntary Product Accessibility Template” and “VPAT” are registered service marks of the Information Technology Industry Council (ITI).</p>
</main>
</body>
</html>
`;
}
