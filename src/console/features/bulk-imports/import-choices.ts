// The four bulk imports (spec 4.4) as one choice each; kept apart from the page because the route's
// URL check imports it eagerly (so nothing heavier, not even the labels: split-choice.ts).

export type ImportTarget = 'courseGroup' | 'session';

export const IMPORT_CHOICES = [
  'courseGroup.webinar',
  'courseGroup.inPersonEvent',
  'session.webinar',
  'session.inPersonEvent',
] as const;
export type ImportChoice = (typeof IMPORT_CHOICES)[number];
