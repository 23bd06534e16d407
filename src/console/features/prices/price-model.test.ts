import { describe, expect, it } from 'vitest';
import type { ContentSearchItem } from '#contract/schemas/read-models.ts';
import { buildCourseIndex, checkEdit, previewPrices } from './price-model.ts';
import { parsePriceRows } from './price-rows.ts';

const course = (n: number, sku: string | null, priceInCents: number): ContentSearchItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'courses',
  title: `Course ${n}`,
  slug: `course-${n}`,
  status: 'draft',
  kind: 'courseGroup',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sku,
  priceInCents,
});

const index = buildCourseIndex([
  course(1, 'SQL-101', 4900),
  course(2, null, 0),
  course(3, 'PY-200', 129_900),
  { ...course(9, null, 0), type: 'courseGroups' },
]);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('price model', () => {
  it('indexes courses by id and by SKU, case-insensitively, and leaves other types out', () => {
    expect(index.courses.map((c) => c.title)).toEqual(['Course 1', 'Course 2', 'Course 3']);
    expect(index.bySku.get('sql-101')?.id).toBe(id(1));
  });

  it('checks a typed price against the current one', () => {
    const sql = index.byId.get(id(1))!;
    expect(checkEdit(sql, '49')).toEqual({ kind: 'same' });
    expect(checkEdit(sql, '$59.00')).toEqual({ kind: 'change', cents: 5900, delta: 1000 });
    expect(checkEdit(sql, '1000000')).toMatchObject({ kind: 'invalid' });
  });

  it('previews only valid changes, with the old and new totals', () => {
    const preview = previewPrices(index, { [id(1)]: '59', [id(2)]: '0', [id(3)]: 'abc' });
    expect(preview.changes).toEqual([{ course: index.byId.get(id(1)), cents: 5900 }]);
    expect(preview.invalid).toEqual([
      { course: index.byId.get(id(3)), message: expect.stringContaining('is not a price') },
    ]);
    expect([preview.oldTotal, preview.newTotal]).toEqual([4900, 5900]);
  });

  it('reads pasted spreadsheet rows and CSV by SKU or id, flagging what it cannot apply', () => {
    const pasted = parsePriceRows(
      [
        'SKU\tPrice',
        'sql-101\t$59.90',
        `${id(2)}\t12`,
        'NOPE-1\t10',
        'PY-200\t-3',
        '\t5',
        'PY-200\t1,299.00',
        'SQL-101\t60\textra',
        'sql-101\t61',
      ].join('\n'),
      index,
    );
    expect(pasted.rows).toBe(8);
    expect(pasted.edits).toEqual({ [id(1)]: '61', [id(2)]: '12', [id(3)]: '1,299.00' });
    expect(pasted.problems).toEqual([
      'Row 4: no course has the SKU or id “NOPE-1”.',
      'Row 5 (PY-200): Enter a price from $0.00 to $999,999.99.',
      'Row 6: no SKU or course id.',
      'Row 8: 3 columns; expected a SKU or course id, then a price (quote a price that contains commas).',
      'Row 9: “sql-101” was already in row 2; the price of row 9 is used.',
    ]);
    const csv = parsePriceRows('course id,price\nSQL-101,"1,000.50"\n', index);
    expect(csv).toEqual({ edits: { [id(1)]: '1,000.50' }, problems: [], rows: 1 });
  });

  it('reads rows that mix commas, tabs and semicolons, as the help text allows', () => {
    const mixed = parsePriceRows('SQL-101, 123.45\nPY-200\t0.5\r\n\n' + `${id(2)};7`, index);
    expect(mixed).toEqual({
      edits: { [id(1)]: '123.45', [id(3)]: '0.5', [id(2)]: '7' },
      problems: [],
      rows: 3,
    });
  });
});
