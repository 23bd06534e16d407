// The alerts page (admins and support): the rules, with their state and who evaluated them last, and
// every alert with its deliveries. Admins create, change and delete rules; everyone here acknowledges.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertRule } from '#contract/console/alerts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AlertList } from './alert-list.tsx';
import { alertQueries, useDeleteRule } from './alerts-api.ts';
import { CONDITION_LABELS, RuleFormDialog } from './rule-form-dialog.tsx';
import './alerts.css';

export function AlertsPage({ canManage }: { canManage: boolean }) {
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Alerts</h1>
          <p className="page__lead">
            Rules over the relay's stored events and its health, checked by the relay's leader. A
            rule fires once when its condition starts to hold, and at most once per window.
          </p>
        </div>
      </div>
      <div className="stack">
        <RulesSection canManage={canManage} />
        <AlertsSection />
      </div>
    </div>
  );
}

function RulesSection({ canManage }: { canManage: boolean }) {
  const rules = useQuery(alertQueries.rules());
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const remove = useDeleteRule();
  return (
    <section className="card" aria-labelledby="rules-heading">
      <div className="card__head">
        <h2 className="card__title" id="rules-heading">
          Rules
        </h2>
        {canManage ? (
          <Button variant="primary" size="sm" onClick={() => setEditing('new')}>
            New rule
          </Button>
        ) : null}
      </div>
      {canManage ? null : (
        <p className="card__hint">Admins create and change rules; you can acknowledge alerts.</p>
      )}
      {rules.isPending ? <PendingState label="Loading rules" /> : null}
      {rules.isError ? (
        <ErrorState compact error={rules.error} title="The rules did not load" />
      ) : null}
      {rules.data && rules.data.length === 0 ? (
        <EmptyState title="No alert rule yet">
          {canManage
            ? 'Create one: a burst of failed quizzes, a feed that stopped, a relay falling behind.'
            : 'An admin can create them.'}
        </EmptyState>
      ) : null}
      {rules.data && rules.data.length > 0 ? (
        <Table caption="Alert rules">
          <thead>
            <tr>
              <Th>Rule</Th>
              <Th>Condition</Th>
              <Th>State</Th>
              <Th>Last fired</Th>
              <Th>Checked</Th>
              {canManage ? <Th>Actions</Th> : null}
            </tr>
          </thead>
          <tbody>
            {rules.data.map((rule) => (
              <tr key={rule.id} data-testid="rule-row">
                <Td data-label="Rule">
                  <strong>{rule.name}</strong>
                  <span className="block muted">
                    {CONDITION_LABELS[rule.condition.type]}
                    {rule.hasWebhook ? ' · webhook' : ''}
                  </span>
                </Td>
                <Td data-label="Condition">{rule.description}</Td>
                <Td data-label="State">
                  {!rule.enabled ? (
                    <Badge tone="muted">Off</Badge>
                  ) : rule.state === 'firing' ? (
                    <Badge tone="danger">Firing</Badge>
                  ) : (
                    <Badge tone="success">OK</Badge>
                  )}
                </Td>
                <Td data-label="Last fired">
                  {rule.lastFiredAt ? formatDateTime(rule.lastFiredAt) : 'Never'}
                </Td>
                <Td data-label="Checked">
                  {rule.lastEvaluatedAt
                    ? `${formatDateTime(rule.lastEvaluatedAt)} by ${rule.lastEvaluatedBy}`
                    : 'Not yet'}
                </Td>
                {canManage ? (
                  <Td data-label="Actions">
                    <div className="row-actions">
                      <Button size="sm" onClick={() => setEditing(rule)}>
                        Change<span className="visually-hidden"> “{rule.name}”</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setDeleting(rule)}>
                        Delete<span className="visually-hidden"> “{rule.name}”</span>
                      </Button>
                    </div>
                  </Td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {editing ? (
        <RuleFormDialog
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          rule={editing === 'new' ? null : editing}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description="The rule stops being checked. Its alerts and their delivery log stay."
        confirmLabel="Delete rule"
        tone="danger"
        onConfirm={() => remove.mutateAsync(deleting!.id)}
      />
    </section>
  );
}

function AlertsSection() {
  const [open, setOpen] = useState(false);
  const list = useInfiniteQuery(alertQueries.list({ open }));
  const alerts = list.data?.pages.flatMap((page) => page.alerts) ?? [];
  return (
    <section className="card" aria-labelledby="alerts-heading">
      <div className="card__head">
        <h2 className="card__title" id="alerts-heading">
          Alerts
        </h2>
        <Field label="Not acknowledged only" layout="check">
          {(control) => (
            <input
              {...control}
              type="checkbox"
              checked={open}
              onChange={(event) => setOpen(event.target.checked)}
            />
          )}
        </Field>
      </div>
      {list.isPending ? <PendingState label="Loading alerts" /> : null}
      {list.isError ? (
        <ErrorState compact error={list.error} title="The alerts did not load" />
      ) : null}
      {list.isSuccess && alerts.length === 0 ? (
        <EmptyState title={open ? 'Every alert is acknowledged' : 'No alert has fired yet'} />
      ) : null}
      {alerts.length > 0 ? <AlertList alerts={alerts} /> : null}
      {list.hasNextPage ? (
        <Button pending={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
