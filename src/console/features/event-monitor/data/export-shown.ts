// What the monitor's "Export CSV" and "Export NDJSON" buttons do with the events shown at the click:
// a module of its own, loaded after the first content (event-monitor.tsx), with the exports' code.
import type { ResolvedName } from '#contract/console/names.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { plural } from '../../../lib/format.ts';
import type { StoredEvent } from './event-model.ts';
import { downloadEvents, exportTitles, type ExportFormat } from './export-events.ts';

export async function exportShown(
  events: readonly StoredEvent[],
  format: ExportFormat,
): Promise<void> {
  const titles = format === 'csv' ? await exportTitles(events) : new Map<string, ResolvedName>();
  const name = downloadEvents(events, format, titles);
  toast.success(`Exported ${plural(events.length, 'event')} to ${name}`);
}
