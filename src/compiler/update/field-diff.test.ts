// Clearing and whole-object rules of the update's field diff: the course's session `customFields` go
// out whole when any key changes, and `null` when they are emptied (spec 4.2).
import { describe, expect, test } from 'vitest';
import { UpdateCoursesRequest } from '#contract/index.ts';
import { compileUpdate, newCourseDraft, setAttributes } from '#compiler/index.ts';
import { saveDraft } from '../test-drafts.ts';
import { bodies, ids } from './test-update-helpers.ts';

const FIELDS = { level: 'advanced', seats: 12, tags: ['a', 'b'], meta: { room: 'B2' }, none: null };

describe('customFields of the course on update', () => {
  const saved = () =>
    saveDraft(
      setAttributes(newCourseDraft('microCourse', 'Fields', ids), { sessionCustomFields: FIELDS }),
    );

  test('the same fields in another key order send nothing', () => {
    const { baseline, saved: draft } = saved();
    const reordered = Object.fromEntries(Object.entries(FIELDS).reverse());
    expect(
      compileUpdate(baseline, setAttributes(draft, { sessionCustomFields: reordered })).plan.steps,
    ).toEqual([]);
  });

  test('changing or removing one field sends the whole new object', () => {
    const { baseline, saved: draft } = saved();
    const { none: _none, ...rest } = FIELDS;
    const next = { ...rest, level: 'beginner' };
    const [body] = bodies(
      compileUpdate(baseline, setAttributes(draft, { sessionCustomFields: next })).plan,
    );
    expect(body).toEqual({ courses: [{ id: baseline.course.id, customFields: next }] });
    expect(UpdateCoursesRequest.safeParse({ courseAttributes: body }).success).toBe(true);
  });

  test.each([
    ['{}', {}],
    ['undefined', undefined],
  ])('emptied (%s) sends null, which clears them', (_name, value) => {
    const { baseline, saved: draft } = saved();
    const plan = compileUpdate(baseline, setAttributes(draft, { sessionCustomFields: value })).plan;
    expect(bodies(plan)).toEqual([{ courses: [{ id: baseline.course.id, customFields: null }] }]);
  });

  test('empty on both sides sends nothing; the catalog customFields are left alone', () => {
    const { baseline, saved: draft } = saveDraft(newCourseDraft('microCourse', 'Bare', ids));
    expect(
      compileUpdate(baseline, setAttributes(draft, { sessionCustomFields: {} })).plan.steps,
    ).toEqual([]);
    const [body] = bodies(
      compileUpdate(baseline, setAttributes(draft, { sessionCustomFields: { a: 'x' } })).plan,
    );
    expect(body).toEqual({ courses: [{ id: baseline.course.id, customFields: { a: 'x' } }] });
  });
});
