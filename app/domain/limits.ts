/** requirements §9: the largest file or image anyone may upload. */
export const MAX_UPLOAD_BYTES = 20_000_000;

/** Bodies of ordinary form posts; uploads go through their own streaming endpoint. */
export const MAX_FORM_BODY_BYTES = 1_000_000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The most items any list in a dashboard form can hold (features, images, downloads, accessories…).
 * Form names carry list positions (`features[3].label`); a position past this is refused before the
 * list is built, since building it would take memory in proportion to the number, not to the body.
 */
export const MAX_FORM_LIST_ITEMS = 500;

/** The most fields a form post may carry; the largest real form has a few hundred. */
export const MAX_FORM_FIELDS = 2_000;
