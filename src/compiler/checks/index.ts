// The course checks (docs/decisions/checks-in-compiler.md), imported through their own index: the
// compiler's index leaves them out, so the console's chunks that use the compiler do not carry the HTML
// scan (htmlparser2) unless they run the checks (issue 27).
export { checkDraft, linkTarget, type DraftCheck, type LinkUse } from './course-checks.ts';
export { scanHtml, type BodyScan } from './html-scan.ts';
export { courseItem, nodeIdForItem, outlineEntries } from './outline-items.ts';
export { countFindings, sortFindings } from './findings.ts';
export { distinctUrls, linkFindings, type LinkOutcome } from './link-findings.ts';
export { assembleReport, draftWithSavedLinks, isFetchedLinkFinding } from './report.ts';
