// Where rows of `SKU or course id, price` come in: pasted from a spreadsheet (applied at once), typed
// and applied with the button, or opened from a CSV file. Rows that cannot be applied are listed with
// their row number and the reason; they never reach the grid.
import { useId, useState } from 'react';
import { LIMITS } from '#contract/limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatCount, plural } from '../../lib/format.ts';
import { readTextFile } from '../../lib/save-file.ts';

const SHOWN_PROBLEMS = 8;

export interface PasteReport {
  source: string;
  applied: number;
  rows: number;
  problems: readonly string[];
}

export function PasteZone({
  disabled,
  onRows,
  report,
  onDismiss,
}: {
  disabled: boolean;
  onRows(text: string, source: string): void;
  report: PasteReport | null;
  onDismiss(): void;
}) {
  const textId = useId();
  const hintId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  return (
    <section className="card paste-zone" aria-labelledby="paste-heading">
      <h2 className="card__title" id="paste-heading">
        Paste or import new prices
      </h2>
      <label className="field__label" htmlFor={textId}>
        Rows: SKU or course id, then the price
      </label>
      <textarea
        id={textId}
        className="input textarea textarea--code"
        rows={4}
        value={text}
        disabled={disabled}
        aria-describedby={hintId}
        placeholder={'SQL-101\t49.90\nPY-200\t1,299.00'}
        spellCheck={false}
        onChange={(event) => setText(event.target.value)}
        onPaste={(event) => {
          // A paste is applied at once; the box stays empty for the next one.
          event.preventDefault();
          if (!disabled) onRows(event.clipboardData.getData('text'), 'Pasted rows');
        }}
      />
      <p className="field__hint" id={hintId}>
        Paste two columns from a spreadsheet (applied at once), or type rows separated by a tab or a
        comma. Prices in dollars, like 49.90 or 1,299.
      </p>
      <div className="paste-zone__tools">
        <Button
          size="sm"
          disabled={disabled || text.trim() === ''}
          onClick={() => {
            onRows(text, 'Typed rows');
            setText('');
          }}
        >
          Apply rows
        </Button>
        <label
          className={`btn btn--secondary btn--sm${disabled ? ' btn--disabled' : ''}`}
          htmlFor={fileId}
        >
          Open a CSV file…
        </label>
        <input
          id={fileId}
          type="file"
          className="visually-hidden"
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
          disabled={disabled}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            setFileError(null);
            if (!file || disabled) return;
            try {
              onRows(await readTextFile(file, LIMITS.requestBodyBytes), file.name);
            } catch (error) {
              setFileError((error as Error).message);
            }
          }}
        />
      </div>
      {fileError ? (
        <p className="field__error" role="alert">
          {fileError}
        </p>
      ) : null}
      <div aria-live="polite">
        {report ? (
          <div className="paste-report" data-testid="paste-report">
            <p>
              {report.source}: {plural(report.applied, 'price')} applied to the grid from{' '}
              {plural(report.rows, 'row')}.
              {report.problems.length > 0
                ? ` ${plural(report.problems.length, 'row')} could not be applied:`
                : ''}
            </p>
            {report.problems.length > 0 ? (
              <ul className="message-list paste-report__problems">
                {report.problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
                {report.problems.length > SHOWN_PROBLEMS ? (
                  <li>and {formatCount(report.problems.length - SHOWN_PROBLEMS)} more.</li>
                ) : null}
              </ul>
            ) : null}
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
