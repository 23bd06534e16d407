// A course's History tab: its versions, newest first, in words and local dates; any two compared side
// by side, or one with the state before it ("What changed"); and "Restore this version", which opens
// the editor with that version as the draft (applied through the editor's normal Apply).
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import type { CourseVersionSummary } from '#contract/console/history.ts';
import { Badge, StatusBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { countsParts } from '../../lib/change-counts.ts';
import { CHANGE_KIND_LABELS } from '../../lib/change-words.ts';
import { formatDateTime, plural } from '../../lib/format.ts';
import { historyQueries } from './history-api.ts';
import { VersionCompare } from './version-compare.tsx';

/** The counts of one change in words ("2 renamed, 1 moved"). */
export function countWords(version: CourseVersionSummary): string {
  const { counts, translation } = version;
  const parts = [
    ...countsParts(counts),
    ...(translation
      ? [
          `${translation.language}: ${plural(translation.units, 'unit')}, ${translation.changed} changed`,
        ]
      : []),
  ];
  return parts.length > 0 ? parts.join(', ') : 'no visible change';
}

export function HistoryPanel({ courseId, canRestore }: { courseId: string; canRestore: boolean }) {
  const query = useSuspenseInfiniteQuery(historyQueries.versions(courseId));
  const versions = query.data.pages.flatMap((page) => page.versions);
  const [picked, setPicked] = useState<number[]>([]);
  const [shown, setShown] = useState<{ from: number; to: number } | null>(null);
  const latest = versions[0]?.number;

  if (versions.length === 0)
    return (
      <p className="muted">
        No versions yet. Every change made through Lectern (editor, status, prices, completion
        criteria, translations) keeps one here.
      </p>
    );

  const toggle = (number: number) =>
    setPicked((current) =>
      current.includes(number)
        ? current.filter((n) => n !== number)
        : [...current, number].slice(-2),
    );
  const [a, b] = [...picked].sort((x, y) => x - y);

  return (
    <div className="history">
      <div className="history__toolbar">
        <Button
          variant="secondary"
          disabled={picked.length !== 2}
          onClick={() => a !== undefined && b !== undefined && setShown({ from: a, to: b })}
        >
          {picked.length === 2 ? `Compare versions ${a} and ${b}` : 'Pick two versions to compare'}
        </Button>
      </div>
      <ol className="history__list" aria-label="Versions, newest first">
        {versions.map((version) => (
          <li key={version.number} className="history__item">
            <label className="checkbox history__pick">
              <input
                type="checkbox"
                checked={picked.includes(version.number)}
                onChange={() => toggle(version.number)}
              />
              <span className="visually-hidden">Compare </span>Version {version.number}
            </label>
            <div className="history__what">
              <span className="history__kinds">
                {version.kinds.map((kind) => CHANGE_KIND_LABELS[kind]).join(', ')}
              </span>{' '}
              <StatusBadge status={version.status} />
              {version.drift ? (
                <Badge tone="warning">Changed outside Lectern before this</Badge>
              ) : null}
              <span className="history__meta">
                {formatDateTime(version.at)} · {version.userEmail ?? 'unknown user'} ·{' '}
                {countWords(version)}
              </span>
            </div>
            <div className="history__actions">
              <Button
                variant="ghost"
                onClick={() => setShown({ from: version.number, to: version.number })}
              >
                What changed
              </Button>
              {canRestore && version.number !== latest ? (
                <Link
                  to="/editor/$courseId"
                  params={{ courseId }}
                  search={{ restore: version.number }}
                  className="btn btn--secondary"
                >
                  Restore this version
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Older versions'}
        </Button>
      ) : null}
      {shown ? (
        <QueryBoundary resetKeys={[shown.from, shown.to]} title="The comparison did not load">
          <Suspense fallback={<PendingState label="Comparing the versions" />}>
            <VersionCompare courseId={courseId} from={shown.from} to={shown.to} />
          </Suspense>
        </QueryBoundary>
      ) : null}
    </div>
  );
}
