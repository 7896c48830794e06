// The BSI's CSAF validator ships JavaScript without declarations: the parts the tests use.
declare module "@secvisogram/csaf-validator-lib/validateStrict.js" {
  export interface CsafTestResult {
    name: string;
    isValid: boolean;
    errors: { instancePath: string; message: string }[];
  }
  export type CsafDocumentTest = (document: unknown) => unknown;
  export default function validateStrict(
    tests: CsafDocumentTest[],
    document: unknown,
  ): Promise<{ isValid: boolean; tests: CsafTestResult[] }>;
}

declare module "@secvisogram/csaf-validator-lib/mandatoryTests.js" {
  import type { CsafDocumentTest } from "@secvisogram/csaf-validator-lib/validateStrict.js";
  // Named exports, one a test (mandatoryTest_6_1_1…): read as the module's values.
  const tests: Record<string, CsafDocumentTest>;
  export = tests;
}

declare module "@secvisogram/csaf-validator-lib/schemaTests.js" {
  import type { CsafDocumentTest } from "@secvisogram/csaf-validator-lib/validateStrict.js";
  export const csaf_2_0_strict: CsafDocumentTest;
}
