/** Visible text of the API's "basic HTML" fields. DOMParser documents run no scripts and load nothing. */
export function htmlToText(html: string): string {
  if (!html) return '';
  if (typeof DOMParser === 'undefined') return html.replace(/<[^>]*>/g, ' ');
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
