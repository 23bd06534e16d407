// Deterministic filler text for the demo seed: the same PRNG seed always yields the same sentences.
import type { Rng } from '../lib/prng.ts';

const OPENERS = [
  'In this part you will',
  'Here we',
  'Together we',
  'This lesson helps you',
  'You will learn to',
  'Take a moment to',
];
const VERBS = [
  'explore',
  'practise',
  'compare',
  'review',
  'apply',
  'discuss',
  'map out',
  'summarise',
];
const OBJECTS = [
  'the key ideas behind the topic',
  'a realistic customer scenario',
  'common mistakes and how to avoid them',
  'the checklist our teams use every day',
  'a short case study from a partner',
  'the decisions that matter most',
  'tools that save time each week',
  'what good looks like in practice',
];
const CLOSERS = [
  'Keep notes as you go; the quiz at the end draws on them.',
  'Most learners finish this in under ten minutes.',
  'Share one takeaway with your team afterwards.',
  'Revisit this page whenever you need a refresher.',
  'Ask your manager if anything is unclear.',
];

export function sentence(rng: Rng): string {
  return `${rng.pick(OPENERS)} ${rng.pick(VERBS)} ${rng.pick(OBJECTS)}.`;
}

export function paragraph(rng: Rng): string {
  const count = rng.int(2, 4);
  const sentences = Array.from({ length: count }, () => sentence(rng));
  return [...sentences, rng.pick(CLOSERS)].join(' ');
}

/** A topic body in basic HTML (spec 2.3: text, article and embed topics carry HTML). */
export function htmlBody(rng: Rng, heading: string): string {
  const paragraphs = Array.from({ length: rng.int(1, 3) }, () => `<p>${paragraph(rng)}</p>`);
  return [`<h2>${heading}</h2>`, ...paragraphs].join('');
}

export function description(rng: Rng, title: string): string {
  return `${title}: ${paragraph(rng)}`;
}
