import type { WriteOrigin } from "#app/server/admin/write.server";

/** Who the tests' direct service writes are made by, as the audit log records them. */
export const TEST_ORIGIN: WriteOrigin = {
  actor: { userId: null, email: "tests@vantage.test", clientAddress: "127.0.0.1" },
};

/** TEST_ORIGIN writing from the browser tab `tabId` (which its own write is not announced to). */
export function fromTab(tabId: string): WriteOrigin {
  return { ...TEST_ORIGIN, tabId };
}
