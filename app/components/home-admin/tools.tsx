/**
 * The admin tools of the home page's info items (requirements §2 '/', §4, §5), shared by `/` and the
 * dashboard summary: the toolbar with its new-item panel, and each item's controls. `/` loads them
 * lazily and only for admins, so visitors never download them.
 */
export { HomeAdminToolbar } from "./toolbar";
export { InfoItemControls } from "./item-controls";
