/**
 * The site's typefaces, Fraunces and Figtree (docs/design.md, decision 030), cost a page nothing:
 * - a page is set in them from its first paint only when this browser already holds their files
 *   (<html data-fonts>, set before the paint by the page's head script, src/styles.css): nothing then
 *   waits for a download, and `font-display: optional` never swaps a face in later, so nothing moves;
 * - otherwise the page is shown in the system faces, and once it has loaded and the browser is idle,
 *   the faces' Latin files are fetched into its cache, for every page after this one.
 */

/** The localStorage entry that says the faces' files were fetched (the head script reads it). */
export const FONTS_CACHED_KEY = 'keystone-fonts';
export const fontsCached = [`storage:${FONTS_CACHED_KEY}`];

/** Fetches the file of each of the page's faces (src/styles.css), then says so. */
export function cacheSiteFonts(): void {
  if (document.documentElement.dataset.fonts !== undefined || !document.fonts) return;
  const faces: FontFace[] = [];
  document.fonts.forEach((face) => faces.push(face));
  if (faces.length === 0) return;
  // Loaded, the faces join document.fonts; this page names them nowhere, so nothing is drawn again.
  void Promise.all(faces.map((face) => face.load()))
    .then(() => localStorage.setItem(FONTS_CACHED_KEY, '1'))
    .catch(() => undefined);
}
