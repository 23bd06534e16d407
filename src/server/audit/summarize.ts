// One-line, human-readable summaries of state-changing calls for the audit log. They name what changed,
// never the content itself (bodies can hold personal data; the SHA-256 identifies the exact payload).
import { valueText } from '#contract/index.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_TITLES = 3;

function titles(items: unknown[]): string {
  const names = items
    .map((item) => (isObject(item) && typeof item.title === 'string' ? item.title : '(untitled)'))
    .map((title) => JSON.stringify(title.length > 60 ? `${title.slice(0, 57)}...` : title));
  const shown = names.slice(0, MAX_TITLES).join(', ');
  return names.length > MAX_TITLES ? `${shown} and ${names.length - MAX_TITLES} more` : shown;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summarizeCall(
  operationId: string,
  body: unknown,
  bodyBytes: number,
  params: { path: string },
): string {
  if (operationId === 'createCourses' && isObject(body) && Array.isArray(body.courseAttributes)) {
    const courses = body.courseAttributes;
    const published = courses.filter((c) => isObject(c) && c.status === 'published').length;
    const scheduled = courses.filter((c) => isObject(c) && c.futurePublishDate != null).length;
    const extras = [published && `${published} published`, scheduled && `${scheduled} scheduled`]
      .filter(Boolean)
      .join(', ');
    return `create ${plural(courses.length, 'course')}: ${titles(courses)}${extras ? ` (${extras})` : ''}`;
  }
  if (operationId === 'updateCourses' && isObject(body) && isObject(body.courseAttributes)) {
    const attrs = body.courseAttributes;
    const counts = ['courseGroups', 'courses', 'sections', 'lessons', 'topics']
      .filter((name) => Array.isArray(attrs[name]) && (attrs[name] as unknown[]).length > 0)
      .map((name) => `${name} x${(attrs[name] as unknown[]).length}`);
    const groups = Array.isArray(attrs.courseGroups) ? attrs.courseGroups : [];
    const courses = Array.isArray(attrs.courses) ? attrs.courses : [];
    const archived = groups.filter((g) => isObject(g) && g.archived === true).length;
    const restored = groups.filter((g) => isObject(g) && g.archived === false).length;
    const statuses = courses
      .filter((c) => isObject(c) && typeof c.status === 'string')
      .map((c) => `status=${(c as { status: string }).status}`);
    const effects = [
      archived && `archive ${plural(archived, 'group')}`,
      restored && `restore ${plural(restored, 'group')}`,
      ...new Set(statuses),
    ].filter(Boolean);
    return `update ${counts.join(', ') || 'nothing'}${effects.length ? ` (${effects.join(', ')})` : ''}`;
  }
  if (operationId === 'releaseContent' && isObject(body))
    return `${valueText(body.action)} ${valueText(body.kind)} ${params.path.split('/')[2] ?? ''}`.trim();
  if (operationId === 'bulkUpdatePrices' && isObject(body) && Array.isArray(body.items))
    return `update ${plural(body.items.length, 'price')}`;
  if (operationId === 'uploadTranslation')
    return `upload translation ${params.path.replace(/^\/content\//, '')} (${bodyBytes} bytes)`;
  return `${operationId} (${bodyBytes} bytes)`;
}
