// The audit's old -> new values in words: money for prices, labels for statuses, a criterion's type and
// value, a translation's language and units, renames of the course and of its nodes.
import { describe, expect, it } from 'vitest';
import { auditChangeWords } from './change-words.ts';

describe('auditChangeWords', () => {
  it('writes prices as money and statuses as their labels', () => {
    expect(auditChangeWords({ field: 'priceInCents', node: null, before: 0, after: 1250 })).toBe(
      'Price: $0.00 → $12.50',
    );
    expect(
      auditChangeWords({ field: 'status', node: null, before: 'draft', after: 'published' }),
    ).toBe('Status: Draft → Published');
    expect(auditChangeWords({ field: 'archived', node: null, before: false, after: true })).toBe(
      'Archived: not archived → archived',
    );
  });

  it('writes a criterion as its type and value, new when it had none', () => {
    expect(
      auditChangeWords({
        field: 'completionCriteria',
        node: null,
        after: { type: 'coursePercentViewed', value: 80 },
      }),
    ).toMatch(/^Completion criterion: .+: 80% \(new\)$/);
  });

  it('writes a translation as language, units and how many changed', () => {
    expect(
      auditChangeWords({
        field: 'translation',
        node: null,
        after: { language: 'fr', units: 15, changed: 3 },
      }),
    ).toBe('Translation (fr): 15 units, 3 changed');
  });

  it('writes renames of the course and of a lesson', () => {
    expect(auditChangeWords({ field: 'title', node: null, before: 'Old', after: 'New' })).toBe(
      'Renamed from “Old” to “New”',
    );
    expect(
      auditChangeWords({
        field: 'title',
        node: { kind: 'lesson', title: 'Intro' },
        before: 'Intro',
        after: 'Welcome',
      }),
    ).toBe('Lesson “Intro” renamed to “Welcome”');
  });
});
