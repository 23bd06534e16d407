// Bulk imports (spec 4.4, the four `…/bulk` endpoints): webinar or in-person-event course groups, or
// sessions in existing groups, from a file at a URL (`bulkImportAssetPath`) or from rows entered here.
// The import runs as a background job, followed on this page and in the jobs tray.
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { lateModule, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { useLateModule } from '../../components/late-module.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { startBulkImport } from '../../lib/content-api.ts';
import { plural } from '../../lib/format.ts';
import { useSessionDraft } from '../../lib/use-session-draft.ts';
import { FileFormat } from './file-format.tsx';
import { ImportJob } from './import-job.tsx';
import { IMPORT_CHOICES, type ImportChoice } from './import-choices.ts';
import { splitChoice } from './split-choice.ts';
import { NO_ROWS, toDataUrl, urlProblem } from './import-source.ts';
import { RowsEditor } from './rows-editor.tsx';
import './bulk-imports.css';

/**
 * The rows' parser and checks (Papa Parse, the row schemas): asked for after the first content, or as
 * the first rows are typed; the route's loader waits for it when the tab holds rows typed earlier.
 */
export const ImportRowsCode = lateModule(() => import('./import-rows.ts'));
/** The rows typed and not sent yet, kept for the tab (useSessionDraft). */
export const ROWS_DRAFT = 'imports.rows';

export interface BulkImportsPageProps {
  canStart: boolean;
  /** The job started last (from the URL), with what it imports. */
  job: { id: string; choice: ImportChoice | undefined } | null;
  onJobStarted(jobId: string, choice: ImportChoice): void;
}

export function BulkImportsPage({ canStart, job, onJobStarted }: BulkImportsPageProps) {
  const [choice, setChoice] = useState<ImportChoice>(job?.choice ?? 'courseGroup.webinar');
  const [source, setSource] = useState<'rows' | 'url'>('rows');
  const [rowsText, setRowsText] = useSessionDraft(ROWS_DRAFT, '');
  const [url, setUrl] = useState('');
  const [urlTouched, setUrlTouched] = useState(false);
  const { target, eventKind, label } = splitChoice(choice);
  const hasRows = rowsText.trim() !== '';
  usePreloadAfterFirstContent(ImportRowsCode);
  const rowsCode = useLateModule(ImportRowsCode, hasRows);
  // null: rows typed before their parser has arrived (a moment after the first content).
  const checked = useMemo(
    () => (!hasRows ? NO_ROWS : rowsCode ? rowsCode.readImportRows(rowsText, target) : null),
    [hasRows, rowsCode, rowsText, target],
  );
  const typedUrlProblem = urlProblem(url);
  const ready = source === 'rows' ? checked?.problems.length === 0 : typedUrlProblem === null;

  const start = useMutation({
    mutationFn: () =>
      startBulkImport(
        target,
        eventKind,
        source === 'rows' ? toDataUrl(checked?.rows ?? []) : url.trim(),
        `Import of ${label.toLowerCase()}`,
      ),
    onSuccess: (answer) => {
      if (source === 'rows') setRowsText('');
      onJobStarted(answer.backgroundJob.id, choice);
    },
  });

  const jobChoice = job?.choice ? splitChoice(job.choice) : undefined;
  return (
    <div className="page bulk-imports">
      <div className="page__header">
        <div>
          <h1 className="page__title">Bulk imports</h1>
          <p className="page__lead">
            Create webinar and in-person event course groups, or add sessions to existing ones, from
            a file. The import runs as a background job.
          </p>
        </div>
      </div>
      {job ? (
        <ImportJob
          key={job.id}
          jobId={job.id}
          label={jobChoice ? `Import of ${jobChoice.label.toLowerCase()}` : 'Import'}
          target={jobChoice?.target}
          eventKind={jobChoice?.eventKind}
        />
      ) : null}
      <div className="bulk-imports__grid">
        <form
          className="card bulk-imports__form"
          aria-labelledby="import-heading"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setUrlTouched(true);
            if (ready && canStart) start.mutate();
          }}
        >
          <h2 className="card__title" id="import-heading">
            New import
          </h2>
          <ChoiceGroup
            legend="What to import"
            name="import-choice"
            layout="column"
            value={choice}
            choices={IMPORT_CHOICES.map((value) => ({ value, label: splitChoice(value).label }))}
            onChange={setChoice}
          />
          <ChoiceGroup
            legend="The file"
            name="import-source"
            value={source}
            choices={[
              { value: 'rows', label: 'Rows entered here' },
              { value: 'url', label: 'A file at a URL' },
            ]}
            onChange={setSource}
          />
          {source === 'rows' ? (
            <RowsEditor
              target={target}
              text={rowsText}
              onTextChange={setRowsText}
              checked={checked}
            />
          ) : (
            <Field
              label="URL of the import file"
              hint="The platform fetches the file when the import runs. To import rows without putting a file online, choose “Rows entered here”."
              error={urlTouched ? (typedUrlProblem ?? undefined) : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  type="url"
                  className="input input--wide"
                  value={url}
                  onChange={(event) => setUrl(event.target.value)}
                  onBlur={() => setUrlTouched(url !== '')}
                  spellCheck={false}
                />
              )}
            </Field>
          )}
          {canStart ? (
            <div className="panel__actions">
              <Button
                type="submit"
                variant="primary"
                pending={start.isPending}
                disabled={source === 'rows' && !ready}
              >
                {source === 'rows' && checked && checked.rows.length > 0
                  ? `Import ${plural(checked.rows.length, 'row')}`
                  : 'Start import'}
              </Button>
            </div>
          ) : (
            <p className="panel__note">
              Bulk imports are started by admins. You can check a file here.
            </p>
          )}
          {start.isError ? (
            <ErrorState compact error={start.error} title="The import was not started" />
          ) : null}
        </form>
        <FileFormat target={target} />
      </div>
    </div>
  );
}
