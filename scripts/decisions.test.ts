// Every decision record says when it was made and whether it holds, and the index lists it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md');
const index = readFileSync(new URL('README.md', folder), 'utf8');

describe('docs/decisions', () => {
  it.each(records)('%s is dated, has a status and is in the index', (name) => {
    const text = readFileSync(new URL(name, folder), 'utf8');
    expect(text).toMatch(/^\*\*Date:\*\* \d{4}-\d{2}-\d{2}.* · \*\*Status:\*\* \S/m);
    expect(index).toContain(`](${name})`);
  });
});
