// The signed-in header's parts that load after the first page's content (app-shell.tsx): the alerts
// bell, the jobs tray and its watcher, sign-out, the pinned views and the reviews count. Together with
// their Radix dialog and menu code they would otherwise weigh on every signed-in page's first paint.
export { AlertBell } from '../../features/alerts/alert-bell.tsx';
export { JobsTray } from '../../features/jobs/jobs-tray.tsx';
export { JobsWatcher } from '../../features/jobs/jobs-watcher.tsx';
export { SignOutButton } from '../../features/auth/sign-out-button.tsx';
export { PinnedViewsMenu } from '../../features/saved-views/pinned-views.tsx';
export { ReviewCount } from '../../features/reviews/review-count.tsx';
