// The version reader and its banner, which only an editor opened with `?restore=` needs (the history
// API, the change words): its route's loader imports them then, and its page reads them once loaded.
// A module of its own so that the route's split loader and component share the one handle.
import { lateModule } from '../../components/late-component.tsx';

export const restoreCode = lateModule(() => import('./restore-version.tsx'));
