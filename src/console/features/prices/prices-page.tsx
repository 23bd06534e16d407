// Prices (`POST /content/bulkUpdatePrices`, admins): a grid of every course with its current price, found
// by text or by course group; new prices typed inline, pasted from a spreadsheet or opened from a CSV of
// `SKU or course id, price`; each checked (0 to 99,999,999 cents, unknown SKUs and ids flagged); a
// preview of old -> new with the number of changes and their total; sent in chunks of at most 1,000 by
// the shared bulk runner with per-course results and retry of what failed. Money in, cents out.
import { Suspense, useCallback, useMemo, useState } from 'react';
import { lateComponent, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { formatCount } from '../../lib/format.ts';
import { useSessionDraft } from '../../lib/use-session-draft.ts';
import { GroupFilter, type PickedGroup } from './group-filter.tsx';
import { PasteZone, type PasteReport } from './paste-zone.tsx';
import {
  previewPrices,
  type CourseIndex,
  type PriceEdits,
  type PricedCourse,
} from './price-model.ts';
import { PriceGrid } from './price-grid.tsx';
import { PriceSummary } from './price-summary.tsx';
import type { PriceItem } from './price-task.ts';
import { useCourseIndex } from './use-course-index.ts';
import './prices.css';

// The run's view and the bulk runner load after the first content (or on the first send).
const PriceRun = lateComponent(() => import('./price-run.tsx').then((module) => module.PriceRun));

/** The rows' parser (Papa Parse): asked for just after the first content, or when rows first arrive. */
const loadPriceRows = () => import('./price-rows.ts');
const priceRowsCode = { preload: loadPriceRows };

export function PricesPage({ canApply }: { canApply: boolean }) {
  return (
    <div className="page prices">
      <div className="page__header">
        <div>
          <h1 className="page__title">Prices</h1>
          <p className="page__lead">
            Every course with its current price.{' '}
            {canApply
              ? 'Type new prices, or paste or import them by SKU or course id; check the preview, then send.'
              : 'Changing prices is done by admins.'}
          </p>
        </div>
      </div>
      <QueryBoundary resetKeys={[]} title="The courses did not load">
        <Suspense fallback={<PendingState label="Loading courses and prices" />}>
          <PriceEditor canApply={canApply} />
        </Suspense>
      </QueryBoundary>
    </div>
  );
}

const NO_EDITS: PriceEdits = {};

function PriceEditor({ canApply }: { canApply: boolean }) {
  const { index, total, complete, loadError, retryLoad, confirmPrices } = useCourseIndex();
  const [edits, setEdits] = useSessionDraft<PriceEdits>('prices.edits', NO_EDITS, 400);
  const [filter, setFilter] = useState('');
  const [group, setGroup] = useState<PickedGroup | null>(null);
  const [changedOnly, setChangedOnly] = useState(false);
  const [report, setReport] = useState<PasteReport | null>(null);
  const [runItems, setRunItems] = useState<readonly PriceItem[] | null>(null);
  const [results, setResults] = useState<ReadonlyMap<string, BulkItemResult> | null>(null);
  usePreloadAfterFirstContent(priceRowsCode, canApply);
  usePreloadAfterFirstContent(PriceRun, canApply);

  const preview = useMemo(() => previewPrices(index, edits), [index, edits]);
  const shown = useMemo(
    () => visibleCourses(index, edits, { filter, group, changedOnly }),
    [index, edits, filter, group, changedOnly],
  );
  const running = runItems !== null;

  const onEdit = useCallback(
    (courseId: string, text: string) =>
      setEdits((previous) => {
        const next = { ...previous };
        if (text === '') delete next[courseId];
        else next[courseId] = text;
        return next;
      }),
    [setEdits],
  );

  const applyRows = useCallback(
    (text: string, source: string) =>
      void loadPriceRows().then(({ parsePriceRows }) => {
        const pasted = parsePriceRows(text, index);
        setEdits((previous) => ({ ...previous, ...pasted.edits }));
        setReport({
          source,
          applied: Object.keys(pasted.edits).length,
          rows: pasted.rows,
          problems: pasted.problems,
        });
      }),
    [index, setEdits],
  );

  // Several lines pasted into one price box: two columns are rows; one column fills the boxes below.
  const onPasteLines = useCallback(
    (rowIndex: number, text: string) => {
      const lines = text
        .replace(/\r/g, '')
        .split('\n')
        .filter((line) => line.trim() !== '');
      if (lines.some((line) => line.includes('\t'))) return applyRows(text, 'Pasted rows');
      setEdits((previous) => {
        const next = { ...previous };
        lines.forEach((line, offset) => {
          const course = shown[rowIndex + offset];
          if (course) next[course.id] = line.trim();
        });
        return next;
      });
    },
    [applyRows, setEdits, shown],
  );

  const review = () => {
    setResults(null);
    setRunItems(
      preview.changes.map(({ course, cents }) => ({
        key: course.id,
        title: course.title,
        courseId: course.id,
        cents,
        oldCents: course.priceInCents,
      })),
    );
  };

  const onConfirmed = useCallback(
    (prices: ReadonlyMap<string, number>) => {
      confirmPrices(prices);
      // Confirmed prices are the current ones now: their edits are done.
      setEdits((previous) =>
        Object.fromEntries(Object.entries(previous).filter(([id]) => !prices.has(id))),
      );
    },
    [confirmPrices, setEdits],
  );

  return (
    <>
      {!complete ? (
        <p className="price-loading" role="status">
          Loading every course: {formatCount(index.courses.length)} of {formatCount(total)}. Pasting
          waits until all are loaded.
        </p>
      ) : null}
      {loadError ? (
        <ErrorState compact error={loadError} title="Not every course loaded" onRetry={retryLoad} />
      ) : null}
      <div className="prices__tools">
        {canApply ? (
          <PasteZone
            disabled={!complete || running}
            onRows={applyRows}
            report={report}
            onDismiss={() => setReport(null)}
          />
        ) : null}
        {runItems ? (
          <Suspense fallback={null}>
            <PriceRun.Component
              key={runItems.length + ':' + (runItems[0]?.key ?? '')}
              items={runItems}
              onResults={setResults}
              onConfirmed={onConfirmed}
              onClose={() => setRunItems(null)}
            />
          </Suspense>
        ) : (
          <PriceSummary
            preview={preview}
            canApply={canApply && complete}
            onReview={review}
            onDiscard={() => {
              setEdits(NO_EDITS);
              setResults(null);
            }}
            onShowChanged={() => setChangedOnly(true)}
          />
        )}
      </div>
      <div className="toolbar prices__filters">
        <Field label="Find courses" className="toolbar__search">
          {(control) => (
            <input
              {...control}
              type="search"
              className="input"
              placeholder="Title, SKU or id…"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          )}
        </Field>
        <GroupFilter group={group} onChange={setGroup} />
        {canApply ? (
          <label className="checkbox prices__changed-only">
            <input
              type="checkbox"
              checked={changedOnly}
              onChange={(event) => setChangedOnly(event.target.checked)}
            />
            Only rows with a new price
          </label>
        ) : null}
      </div>
      <p className="list-bar__count" role="status" data-testid="list-count">
        Showing {formatCount(shown.length)} of {formatCount(index.courses.length)} courses
      </p>
      <PriceGrid
        courses={shown}
        edits={edits}
        results={results}
        onEdit={canApply ? onEdit : null}
        onPasteLines={onPasteLines}
        locked={running}
      />
    </>
  );
}

function visibleCourses(
  index: CourseIndex,
  edits: PriceEdits,
  {
    filter,
    group,
    changedOnly,
  }: { filter: string; group: PickedGroup | null; changedOnly: boolean },
): readonly PricedCourse[] {
  const text = filter.trim().toLowerCase();
  if (!text && !group && !changedOnly) return index.courses;
  return index.courses.filter(
    (course) =>
      (!changedOnly || edits[course.id] !== undefined) &&
      (!group || (group.courseIds?.has(course.id) ?? false)) &&
      (!text ||
        course.title.toLowerCase().includes(text) ||
        course.id.includes(text) ||
        (course.sku?.toLowerCase().includes(text) ?? false)),
  );
}
