/** SPEC §9: the largest file or image anyone may upload. */
export const MAX_UPLOAD_BYTES = 20_000_000;

/** Bodies of ordinary form posts; uploads go through their own streaming endpoint. */
export const MAX_FORM_BODY_BYTES = 1_000_000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
