/** Markup from our own strings: everything that comes from a plan or a trace goes through `esc`. */

/** Text or an attribute value, safe in HTML and in SVG. */
export function esc(value: unknown): string {
  return String(value).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** A number for an SVG attribute: one decimal at most. */
export function px(value: number): string {
  return String(Math.round(value * 10) / 10);
}
