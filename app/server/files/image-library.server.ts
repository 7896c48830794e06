/**
 * The image library, loaded where a picture is read or made rather than at every start, and by every
 * render thread, which loads the same build (decision 055).
 * Load it outside any `try` that takes an unreadable picture for none: a library that cannot load is a
 * broken install, and must fail as one instead of storing every upload as no image.
 */
export async function imageLibrary() {
  return (await import("sharp")).default;
}
