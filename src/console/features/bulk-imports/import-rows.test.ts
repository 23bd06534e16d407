import { describe, expect, it } from 'vitest';
import { readImportRows } from './import-rows.ts';
import { toDataUrl, urlProblem } from './import-source.ts';

describe('bulk import rows', () => {
  it('reads CSV with a header row, numbers where the schema wants numbers', () => {
    const checked = readImportRows(
      [
        'title,startDate,priceInCents,meetingUrl,status',
        'Live: Roadmap,2031-01-10T16:00:00Z,4900,https://meet.example.test/1,published',
        'Live: Q&A,2031-02-10T16:00:00Z,,,',
      ].join('\n'),
      'courseGroup',
    );
    expect(checked).toEqual({
      format: 'csv',
      problems: [],
      rows: [
        {
          title: 'Live: Roadmap',
          startDate: '2031-01-10T16:00:00Z',
          priceInCents: 4900,
          meetingUrl: 'https://meet.example.test/1',
          status: 'published',
        },
        { title: 'Live: Q&A', startDate: '2031-02-10T16:00:00Z' },
      ],
    });
  });

  it('names every bad row, 1-based, with the field and the reason', () => {
    const checked = readImportRows(
      [
        'courseGroupId,startDate,priceInCents',
        'not-a-uuid,2031-01-10T16:00:00Z,12',
        '11111111-1111-4111-8111-111111111111,tomorrow,-5',
      ].join('\n'),
      'session',
    );
    expect(checked.problems).toHaveLength(2);
    expect(checked.problems[0]).toMatch(/^Row 1: courseGroupId: /);
    expect(checked.problems[1]).toMatch(/^Row 2: startDate: .*; priceInCents: /);
  });

  it('takes the JSON array as is, and says why JSON is not rows', () => {
    const rows = [{ title: 'In person', startDate: '2031-03-01T09:00:00Z', location: 'Berlin' }];
    expect(readImportRows(JSON.stringify(rows), 'courseGroup')).toEqual({
      rows,
      problems: [],
      format: 'json',
    });
    expect(readImportRows('{"title":"x"}', 'courseGroup').problems).toEqual([
      'The import file must be a JSON array of rows',
    ]);
    expect(readImportRows('[1,', 'courseGroup').problems[0]).toMatch(/^The JSON does not parse: /);
    expect(readImportRows('  ', 'session').problems).toEqual(['Enter or pick the rows to import.']);
  });

  it('makes a data: URL the sandbox reads back, and checks typed URLs', () => {
    const rows = [{ title: 'A & B', startDate: '2031-03-01T09:00:00Z' }];
    const url = toDataUrl(rows);
    expect(url.startsWith('data:application/json,')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice('data:application/json,'.length)))).toEqual(
      rows,
    );
    expect(urlProblem('https://files.example.test/a.json')).toBeNull();
    expect(urlProblem(url)).toBeNull();
    expect(urlProblem('ftp://x/y')).toBe('Use an http(s) URL the instance can fetch.');
    expect(urlProblem('files/a.json')).toMatch(/^This is not a URL/);
    expect(urlProblem('')).toBe('Enter the URL of the import file.');
  });
});
