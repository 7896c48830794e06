import validateStrict, { type CsafDocumentTest } from "@secvisogram/csaf-validator-lib/validateStrict.js";
import { csaf_2_0_strict } from "@secvisogram/csaf-validator-lib/schemaTests.js";
import * as mandatoryTests from "@secvisogram/csaf-validator-lib/mandatoryTests.js";

/**
 * What the CSAF validator (BSI's csaf-validator-lib) finds wrong with `document`: the strict schema of
 * CSAF 2.0 and every mandatory test (section 6.1), each problem named by its test. Empty: it passes.
 * Free of any test runner: the integration and the browser tests both ask it.
 */
export async function csafProblems(document: unknown): Promise<string[]> {
  const mandatory: CsafDocumentTest[] = Object.values(mandatoryTests);
  // CSAF 2.0 has 34 mandatory tests: fewer would mean the library's exports changed under us.
  if (mandatory.length < 30) throw new Error(`The CSAF validator gave ${mandatory.length} mandatory tests`);
  const { tests } = await validateStrict([csaf_2_0_strict, ...mandatory], document);
  return tests.flatMap((test) =>
    test.isValid ? [] : test.errors.map((error) => `${test.name} ${error.instancePath}: ${error.message}`),
  );
}
