// Alerts as a list: what happened, when, whether it is still going on, who acknowledged it, and each
// webhook delivery with every attempt's status code. The bell shows the latest few; the alerts page
// all of them.
import type { Alert, AlertDelivery, DeliveryState } from '#contract/console/alerts.ts';
import { Badge, type Tone } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useAcknowledge } from './alerts-api.ts';

const DELIVERY_WORDS: Record<DeliveryState, [string, Tone]> = {
  pending: ['Sending', 'info'],
  retrying: ['Retrying', 'warning'],
  delivered: ['Delivered', 'success'],
  failed: ['Not delivered', 'danger'],
};

export function AlertList({ alerts, compact = false }: { alerts: Alert[]; compact?: boolean }) {
  return (
    <ul className="alert-list">
      {alerts.map((alert) => (
        <AlertItem key={alert.id} alert={alert} compact={compact} />
      ))}
    </ul>
  );
}

function AlertItem({ alert, compact }: { alert: Alert; compact: boolean }) {
  const acknowledge = useAcknowledge();
  return (
    <li
      className={`alert-item${alert.acknowledgedAt ? ' alert-item--done' : ''}`}
      data-testid="alert-item"
    >
      <div className="alert-item__head">
        <p className="alert-item__text">
          {alert.unread ? <span className="alert-item__new">New</span> : null}
          {alert.text}
        </p>
        <div className="alert-item__badges">
          {alert.resolvedAt ? (
            <Badge tone="muted">Resolved</Badge>
          ) : (
            <Badge tone="danger">Ongoing</Badge>
          )}
        </div>
      </div>
      <p className="alert-item__meta">
        Fired {formatDateTime(alert.firedAt)}
        {alert.resolvedAt ? ` · resolved ${formatDateTime(alert.resolvedAt)}` : ''}
        {alert.acknowledgedAt
          ? ` · acknowledged by ${alert.acknowledgedBy} ${formatDateTime(alert.acknowledgedAt)}`
          : ''}
      </p>
      {alert.acknowledgedAt ? null : (
        <Button
          size="sm"
          pending={acknowledge.isPending}
          onClick={() => acknowledge.mutate(alert.id)}
        >
          Acknowledge<span className="visually-hidden">: {alert.text}</span>
        </Button>
      )}
      {acknowledge.error ? (
        <ErrorState compact error={acknowledge.error} title="Not acknowledged" />
      ) : null}
      {!compact && alert.deliveries.length > 0 ? (
        <ul className="alert-item__deliveries" aria-label="Webhook deliveries">
          {alert.deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function DeliveryItem({ delivery }: { delivery: AlertDelivery }) {
  const [words, tone] = DELIVERY_WORDS[delivery.state];
  return (
    <li>
      <details className="delivery">
        <summary>
          Webhook to <strong>{delivery.host}</strong> <Badge tone={tone}>{words}</Badge>{' '}
          <span className="muted">
            {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'}
            {delivery.nextAttemptAt ? `, next ${formatDateTime(delivery.nextAttemptAt)}` : ''}
          </span>
        </summary>
        <ol className="delivery__attempts">
          {delivery.attempts.map((attempt) => (
            <li key={attempt.attempt}>
              {formatDateTime(attempt.at)}:{' '}
              {attempt.statusCode === null ? 'no answer' : `status ${attempt.statusCode}`}
              {attempt.error && attempt.statusCode === null ? ` (${attempt.error})` : ''} ·{' '}
              {attempt.durationMs} ms
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
