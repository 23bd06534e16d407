import { describe, expect, it } from 'vitest';
import { emptyDraft, isUntouched, templateRequest } from './template-model.ts';

const course = { id: '11111111-1111-4111-8111-111111111111', title: 'Intro' };
const templateId = '22222222-2222-4222-8222-222222222222';

describe('certificate template requests', () => {
  it('creates with a name, an orientation, a body and the courses', () => {
    const draft = { ...emptyDraft('a'), name: ' Diploma ', body: '<h1>x</h1>', courses: [course] };
    expect(templateRequest(draft, 'create')).toEqual({
      ok: true,
      create: {
        name: 'Diploma',
        orientation: 'landscape',
        body: '<h1>x</h1>',
        courseIds: [course.id],
      },
    });
  });

  it('says in words what is missing, never the schema message', () => {
    expect(templateRequest(emptyDraft('a'), 'create')).toEqual({
      ok: false,
      problems: ['Name: type a name for the template.'],
    });
    expect(templateRequest({ ...emptyDraft('a'), id: 'nope', name: 'x' }, 'update')).toEqual({
      ok: false,
      problems: [
        'Template id: paste the id of the template to change (as the list of saved templates shows it).',
      ],
    });
    expect(
      templateRequest({ ...emptyDraft('a'), id: templateId, orientation: '' }, 'update'),
    ).toEqual({ ok: false, problems: ['Nothing to change: fill in at least one field.'] });
  });

  it('waits for a row to be typed in before it shows its problems', () => {
    expect(isUntouched(emptyDraft('a'), 'create')).toBe(true);
    expect(isUntouched({ ...emptyDraft('a'), orientation: '' }, 'update')).toBe(true);
    expect(isUntouched({ ...emptyDraft('a'), name: ' ' }, 'create')).toBe(true);
    expect(isUntouched({ ...emptyDraft('a'), body: '<p>x</p>' }, 'create')).toBe(false);
    expect(isUntouched({ ...emptyDraft('a'), orientation: 'portrait' }, 'create')).toBe(false);
    expect(isUntouched({ ...emptyDraft('a'), courses: [course] }, 'create')).toBe(false);
  });

  it('changes only what is filled in; courses only when asked to replace them', () => {
    const draft = {
      ...emptyDraft('a'),
      id: templateId,
      name: 'New name',
      orientation: '' as const,
    };
    expect(templateRequest(draft, 'update')).toEqual({
      ok: true,
      update: { id: templateId, name: 'New name' },
    });
    expect(
      templateRequest({ ...draft, name: '', replaceCourses: true, courses: [] }, 'update'),
    ).toEqual({ ok: true, update: { id: templateId, courseIds: [] } });
  });
});
