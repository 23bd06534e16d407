import { describe, expect, it } from 'vitest';
import { CONTENT_SEARCH_TYPES } from '#contract/enums.ts';
import { ContentSearchParams, pickedTypes, toContentSearch, typesParam } from './search-params.ts';

describe('content search URL', () => {
  it('normalizes types to the spec order and drops bad values instead of failing', () => {
    expect(ContentSearchParams.parse({ q: ' sql ', types: 'learningPaths,courses' })).toEqual({
      q: 'sql',
      types: 'courses,learningPaths',
    });
    expect(ContentSearchParams.parse({ types: 'courses,widgets', sort: 'size' })).toEqual({
      types: 'courses',
    });
    expect(ContentSearchParams.parse({ types: 'widgets', q: '' })).toEqual({});
    // The router hands `?q=2024` over as a number.
    expect(ContentSearchParams.parse({ q: 2024 })).toEqual({ q: '2024' });
  });

  it('asks for every content search type when none is picked', () => {
    expect(toContentSearch({})).toEqual({
      query: '',
      types: CONTENT_SEARCH_TYPES,
      sort: undefined,
      perPage: 50,
    });
    expect(toContentSearch({ q: 'a', types: 'bundles', sort: '-title' })).toMatchObject({
      query: 'a',
      types: ['bundles'],
      sort: '-title',
    });
    expect(pickedTypes({ types: 'courses,products' })).toEqual(['courses', 'products']);
  });

  it('writes types in the spec order, and nothing for none or all', () => {
    expect(typesParam(['learningPaths', 'courses'])).toBe('courses,learningPaths');
    expect(typesParam([])).toBeUndefined();
    expect(typesParam([...CONTENT_SEARCH_TYPES])).toBeUndefined();
  });
});
