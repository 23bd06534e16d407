// The header's bell: how many alerts fired since you last looked (per person, on every console server:
// the count is read from the shared database, polled every 15 s and when the tab regains focus). Opening
// it shows the latest alerts and marks them read.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AlertSummary } from '#contract/console/alerts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { AlertList } from './alert-list.tsx';
import { alertQueries, useMarkRead } from './alerts-api.ts';
import './alerts.css';

export function AlertBell() {
  const summary = useQuery(alertQueries.summary());
  const [open, setOpen] = useState(false);
  const unread = summary.data?.unread ?? 0;
  const label = unread === 0 ? 'Alerts: none unread' : `Alerts: ${unread} unread`;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="alert-bell"
          aria-label={label}
          data-testid="alert-bell"
        >
          <span className="alert-bell__icon" aria-hidden="true" />
          {unread > 0 ? (
            <span
              className="count-pill alert-bell__count"
              aria-hidden="true"
              data-testid="alert-unread"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent
        placement="side"
        title="Alerts"
        description={
          summary.data
            ? `${summary.data.firing} rule${summary.data.firing === 1 ? '' : 's'} firing now · ${summary.data.unacknowledged} not acknowledged`
            : 'The latest alerts.'
        }
      >
        {open ? <LatestAlerts summary={summary.data} onNavigate={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LatestAlerts({
  summary,
  onNavigate,
}: {
  summary: AlertSummary | undefined;
  onNavigate(): void;
}) {
  const list = useInfiniteQuery(alertQueries.list({ limit: 10 }));
  const markRead = useMarkRead();
  const { mutate } = markRead;
  const loaded = list.isSuccess;
  const upTo = summary && summary.unread > 0 ? summary.latestSeq : null;
  // Marked read once the list is shown: it still says which alerts were new.
  useEffect(() => {
    if (loaded && upTo !== null) mutate(upTo);
  }, [loaded, upTo, mutate]);
  if (list.isPending) return <PendingState label="Loading alerts" />;
  if (list.isError)
    return <ErrorState compact error={list.error} title="The alerts did not load" />;
  const alerts = list.data.pages.flatMap((page) => page.alerts);
  return (
    <div className="stack">
      {alerts.length > 0 ? (
        <AlertList alerts={alerts} compact />
      ) : (
        <p className="muted">No alert has fired yet.</p>
      )}
      <Link to="/alerts" className="btn btn--secondary" onClick={onNavigate}>
        All alerts and rules
      </Link>
    </div>
  );
}
