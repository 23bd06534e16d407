// The timeline's export: every event of its filter read page by page, then saved as CSV (current titles
// looked up) or NDJSON. Loaded after the page's first content (learner-timeline.tsx).
import { useRef, useState } from 'react';
import type { ResolvedName } from '#contract/console/names.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { formatCount, plural } from '../../../lib/format.ts';
import { downloadEvents, exportTitles, type ExportFormat } from '../data/export-events.ts';
import { readWholeTimeline, type TimelineFilter } from './learner-data.ts';

export function TimelineExport({
  learnerId,
  learnerName,
  filter,
}: {
  learnerId: string;
  learnerName: string;
  filter: TimelineFilter;
}) {
  const [read, setRead] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const run = async (format: ExportFormat) => {
    controller.current = new AbortController();
    setRead(0);
    try {
      const events = await readWholeTimeline(learnerId, filter, setRead, controller.current.signal);
      const titles =
        format === 'csv' ? await exportTitles(events) : new Map<string, ResolvedName>();
      const name = downloadEvents(
        events,
        format,
        titles,
        new Date(),
        `lectern-learner-${learnerId}`,
      );
      toast.success(`Exported ${plural(events.length, 'event')} of ${learnerName} to ${name}`);
    } catch (error) {
      if (!controller.current.signal.aborted)
        toast.error(`The export stopped: ${(error as Error).message}`);
    } finally {
      setRead(null);
      controller.current = null;
    }
  };
  if (read !== null)
    return (
      <div className="learner-timeline__export" role="status">
        Reading events… {formatCount(read)} so far{' '}
        <Button size="sm" variant="ghost" onClick={() => controller.current?.abort()}>
          Stop
        </Button>
      </div>
    );
  return (
    <div className="learner-timeline__export">
      <Button size="sm" onClick={() => void run('csv')}>
        Export CSV
      </Button>
      <Button size="sm" onClick={() => void run('ndjson')}>
        Export NDJSON
      </Button>
    </div>
  );
}
