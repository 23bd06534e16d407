// A page that lists one of a few views of its items (Review: waiting or decided; Schedules: upcoming
// or past): its title and lead, the "Show" choice, and the list under its error and loading states.
import { Suspense, type ReactNode } from 'react';
import { ChoiceGroup, type Choice } from './ui/choice-group.tsx';
import { QueryBoundary } from './ui/error-boundary.tsx';
import { PendingState } from './ui/spinner.tsx';

export function ViewPage<V extends string>({
  title,
  lead,
  name,
  view,
  views,
  onViewChange,
  failed,
  loading,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** The "Show" radio group's name: unique on the page. */
  name: string;
  view: V;
  views: readonly Choice<NoInfer<V>>[];
  onViewChange(view: NoInfer<V>): void;
  /** The title of the error shown when the list did not load. */
  failed: string;
  /** What the spinner says while it loads. */
  loading: string;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          <p className="page__lead">{lead}</p>
        </div>
      </div>
      <ChoiceGroup legend="Show" name={name} value={view} choices={views} onChange={onViewChange} />
      <QueryBoundary resetKeys={[view]} title={failed}>
        <Suspense fallback={<PendingState label={loading} />}>{children}</Suspense>
      </QueryBoundary>
    </div>
  );
}
