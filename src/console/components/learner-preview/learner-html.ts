// A topic's body HTML as the preview frame shows it. The body is untrusted: DOMPurify removes scripts,
// event handlers, `javascript:` URLs and inline styles, and the result is shown in an <iframe sandbox>
// without allow-scripts or allow-same-origin (learner-preview-frame.tsx), so even what slipped through
// could not run or reach the console. Embedded frames become a line naming them: the console's CSP
// (frame-src falls back to 'self') would refuse another host's frame in the preview anyway.
import DOMPurify from 'dompurify';

const purify = DOMPurify();

/** The sanitised HTML of the topic's text blocks, in page order. */
export function learnerHtml(blocks: readonly (string | undefined)[]): string {
  const html = blocks.filter((block): block is string => !!block?.trim()).join('\n');
  if (!html) return '';
  // An inert document (DOMParser runs nothing and loads nothing) to swap frames for their names.
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const frame of [...doc.querySelectorAll('iframe, frame, object, embed')]) {
    const note = doc.createElement('p');
    note.className = 'embed';
    const name = frame.getAttribute('title') || frame.getAttribute('src') || 'no address';
    note.textContent = `Embedded content (${name}): shown to learners, not in this preview.`;
    frame.replaceWith(note);
  }
  return purify.sanitize(doc.body.innerHTML, {
    FORBID_ATTR: ['style'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

/** The frame's whole document: the sanitised body under the preview's own stylesheet. */
export function frameDocument(bodyHtml: string, stylesheetUrl: string): string {
  const href = new URL(stylesheetUrl, window.location.href).href.replaceAll('"', '%22');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<link rel="stylesheet" href="${href}">`,
    `</head><body>${bodyHtml}</body></html>`,
  ].join('');
}
