// One person's role: change it in place, or revoke it after a confirmation.
import { useId, useState } from 'react';
import { CONSOLE_ROLES, type ConsoleRole } from '#contract/console/access.ts';
import { type RoleGrant } from '#contract/console/roles.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Td } from '../../components/ui/table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { SOURCE_LABELS, useGrantRole, useRevokeRole } from './roles-api.ts';

export function RoleRow({ grant, ownEmail }: { grant: RoleGrant; ownEmail: string }) {
  const change = useGrantRole(ownEmail);
  const revoke = useRevokeRole(ownEmail);
  const [choice, setChoice] = useState<ConsoleRole>(grant.role);
  const [confirming, setConfirming] = useState(false);
  const selectId = useId();
  const isSelf = grant.email === ownEmail.toLowerCase();

  return (
    <tr data-testid="role-row" data-email={grant.email}>
      <Td>
        <span className="mono">{grant.email}</span>
        {isSelf ? <span className="muted"> (you)</span> : null}
      </Td>
      <Td>
        <Badge tone={grant.role === 'admin' ? 'info' : 'neutral'}>{ROLE_LABELS[grant.role]}</Badge>
      </Td>
      <Td>
        {grant.grantedBy ?? SOURCE_LABELS[grant.source]}
        <span className="block muted">
          <time dateTime={grant.grantedAt}>{formatDateTime(grant.grantedAt)}</time>
        </span>
      </Td>
      <Td>
        <div className="inline-form">
          <label className="visually-hidden" htmlFor={selectId}>
            New role for {grant.email}
          </label>
          <select
            id={selectId}
            className="select"
            value={choice}
            onChange={(event) => setChoice(event.target.value as ConsoleRole)}
          >
            {CONSOLE_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            disabled={choice === grant.role}
            pending={change.isPending}
            aria-label={`Change role of ${grant.email}`}
            onClick={() =>
              change.mutate({ email: grant.email, role: choice }, { onError: () => undefined })
            }
          >
            Change
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Revoke role of ${grant.email}`}
            onClick={() => setConfirming(true)}
          >
            Revoke
          </Button>
        </div>
        {change.isError ? (
          <ErrorState compact error={change.error} title="Role not changed" />
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Revoke the role of ${grant.email}?`}
          description={
            isSelf
              ? 'This is your own account: you lose access to this console as soon as it is done.'
              : `${grant.email} loses access to this console right away, in every open session.`
          }
          confirmLabel="Revoke role"
          tone="danger"
          onConfirm={() => revoke.mutateAsync(grant.email)}
        />
      </Td>
    </tr>
  );
}
