// The rows of an import, typed, pasted or opened from a CSV or JSON file, checked as they change:
// every problem names its row, and the first rows are shown as they will be sent.
import { useId } from 'react';
import { LIMITS } from '#contract/limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ScrollBox } from '../../components/scroll-box.tsx';
import { formatCount, plural } from '../../lib/format.ts';
import { readTextFile } from '../../lib/save-file.ts';
import { FIELD_DOCS } from './file-format.tsx';
import type { ImportTarget } from './import-choices.ts';
import type { CheckedRows } from './import-source.ts';

const SHOWN_ROWS = 5;
const SHOWN_PROBLEMS = 10;

const EXAMPLES: Record<ImportTarget, string> = {
  courseGroup: [
    'title,startDate,endDate,priceInCents,status,meetingUrl,location',
    'Live: Product roadmap,2031-01-10T16:00:00Z,2031-01-10T17:00:00Z,0,published,https://meet.example.test/roadmap,',
    'Workshop: Data basics,2031-02-03T09:00:00Z,2031-02-03T16:00:00Z,14900,draft,,Berlin',
  ].join('\n'),
  session: [
    'courseGroupId,startDate,title,enrollmentLimit',
    '00000000-0000-4000-8000-000000000000,2031-03-01T09:00:00Z,March session,25',
  ].join('\n'),
};

export function RowsEditor({
  target,
  text,
  onTextChange,
  checked,
}: {
  target: ImportTarget;
  text: string;
  onTextChange(text: string): void;
  /** null while the rows' parser loads (rows typed a moment after the first content). */
  checked: CheckedRows | null;
}) {
  const fileId = useId();
  const columns = FIELD_DOCS[target]
    .map((field) => field.name)
    .filter((name) => checked?.rows.some((row) => row[name] !== undefined));
  const blank = text.trim() === '';
  return (
    <div className="rows-editor">
      <Field
        label="Rows"
        hint="CSV with a header row of field names (as in a spreadsheet), or the JSON array itself."
      >
        {(control) => (
          <textarea
            {...control}
            className="input textarea textarea--code"
            rows={8}
            value={text}
            spellCheck={false}
            onChange={(event) => onTextChange(event.target.value)}
          />
        )}
      </Field>
      <div className="rows-editor__tools">
        <label className="btn btn--secondary btn--sm" htmlFor={fileId}>
          Open a CSV or JSON file…
        </label>
        <input
          id={fileId}
          type="file"
          className="visually-hidden"
          accept=".csv,.json,.txt,text/csv,application/json"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onTextChange(await readTextFile(file, LIMITS.requestBodyBytes));
          }}
        />
        {blank ? (
          <Button size="sm" variant="ghost" onClick={() => onTextChange(EXAMPLES[target])}>
            Insert an example
          </Button>
        ) : null}
      </div>
      {!blank ? (
        <div className="rows-editor__check" aria-live="polite">
          {!checked ? (
            <p className="muted" data-testid="import-rows-checking">
              Checking the rows…
            </p>
          ) : checked.problems.length > 0 ? (
            <div className="form-error" data-testid="import-problems">
              <p>
                {plural(checked.problems.length, 'problem')}: nothing is sent until they are fixed.
              </p>
              <ul className="message-list">
                {checked.problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
              {checked.problems.length > SHOWN_PROBLEMS ? (
                <p>and {formatCount(checked.problems.length - SHOWN_PROBLEMS)} more.</p>
              ) : null}
            </div>
          ) : (
            <p className="ok-note" data-testid="import-rows-ok">
              {plural(checked.rows.length, 'row')} ready (
              {checked.format === 'csv' ? 'CSV' : 'JSON'}).
            </p>
          )}
        </div>
      ) : null}
      {checked && checked.rows.length > 0 && columns.length > 0 ? (
        <ScrollBox label="The first rows as they will be sent">
          <table className="table table--compact">
            <caption className="visually-hidden">The first rows as they will be sent</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                {columns.map((column) => (
                  <th key={column} scope="col" className="mono">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {checked.rows.slice(0, SHOWN_ROWS).map((row, index) => (
                <tr key={index}>
                  <td>{index + 1}</td>
                  {columns.map((column) => (
                    <td key={column}>{row[column] === undefined ? '' : String(row[column])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
    </div>
  );
}
