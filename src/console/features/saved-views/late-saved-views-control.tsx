// The "Views" control as the screens place it: loaded once the screen's first content has painted, since
// its menu and dialogs (Radix) are not needed to read the screen (docs/decisions/loading-strategy.md).
// Until then a look-alike button, announced as unavailable, holds its place.
import { lazy } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { AfterFirstContent } from '../../lib/use-after-first-content.ts';
import type { SavedViewsControlProps } from './saved-views-control.tsx';
import './saved-views.css';

const SavedViewsControl = lazy(() =>
  import('./saved-views-control.tsx').then((module) => ({ default: module.SavedViewsControl })),
);

const STAND_IN = (
  <div className="saved-views">
    <Button size="sm" className="saved-views__trigger" aria-disabled="true">
      <span className="saved-views__label">Saved views</span>
      <span aria-hidden="true">▾</span>
    </Button>
  </div>
);

export function LateSavedViewsControl(props: SavedViewsControlProps) {
  return (
    <AfterFirstContent standIn={STAND_IN}>
      <SavedViewsControl {...props} />
    </AfterFirstContent>
  );
}
