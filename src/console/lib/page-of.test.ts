import { describe, expect, it } from 'vitest';
import { pageOf } from './page-of.ts';

describe('pageOf', () => {
  it('is the path, except that the editor is one page for a new and a saved course', () => {
    expect(pageOf('/course-groups/abc')).toBe('/course-groups/abc');
    expect(pageOf('/course-groups/')).toBe('/course-groups');
    expect(pageOf('/editor/new')).toBe('/editor');
    expect(pageOf('/editor/0b9f6a2e-6c3a-4c64-9d0b-2f8e0e3b1a11')).toBe('/editor');
    expect(pageOf('/')).toBe('/');
  });
});
