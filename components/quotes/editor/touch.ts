/*
 * The shared button and control sizes (32 and 36 px) suit a pointer. On a phone the editor's
 * controls are at least 40 px tall, so a finger finds them.
 */

/** For a button, a link drawn as one, or a select the editor draws itself. */
export const touchTarget = "max-sm:h-10";

/** For a container of text inputs and selects drawn by the shared primitives (no checkboxes or radios in it). */
export const touchFields = "max-sm:[&_input]:h-10 max-sm:[&_select]:h-10";
