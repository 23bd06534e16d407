// The audit records, newest first: who did what (and how they signed in), the answer, the background
// job and the payload hash.
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '#contract/console/audit.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { PathText } from '../../components/ui/path-text.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { signInMethodLabel } from '../../lib/labels/audit.ts';
import { labelFor } from '../../lib/labels/catalog.ts';
import type { Tone } from '../../components/ui/badge.tsx';
import { AuditSubjects } from './audit-subjects.tsx';
import { sessionMetaQuery } from '../../lib/session-meta.ts';

const statusTone = (status: number): Tone =>
  status >= 500 ? 'danger' : status >= 400 ? 'warning' : 'success';

/**
 * The answer; a call recorded before it took effect may have none yet, or never (its server stopped, or
 * its client left before the answer).
 */
function AuditStatus({ entry }: { entry: AuditEntry }) {
  if (entry.status !== null) return <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>;
  if (entry.outcome === 'aborted')
    return (
      <>
        <Badge tone="warning">Closed by the client</Badge>
        <span className="block muted">
          {entry.upstreamStatus === null
            ? 'The connection closed before the console answered. The instance gave no answer to it.'
            : 'The connection closed before the answer arrived. The instance answered; see Upstream.'}
        </span>
      </>
    );
  if (entry.outcome === 'unknown')
    return (
      <>
        <Badge tone="warning">Outcome unknown</Badge>
        <span className="block muted">
          The console server stopped before the answer. Check the content itself.
        </span>
      </>
    );
  return (
    <>
      <Badge tone="info">No answer yet</Badge>
      <span className="block muted">In progress, or its console server stopped.</span>
    </>
  );
}

export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  // The provider's name for rows of users who signed in through it (cached: the sign-in page read it).
  const providerName = useQuery(sessionMetaQuery()).data?.signIn.identityProvider?.name ?? null;
  return (
    <Table caption="Audit records, newest first">
      <thead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>Request</Th>
          <Th>Summary</Th>
          <Th>Touched</Th>
          <Th>Status</Th>
          <Th>Upstream</Th>
          <Th>Background job</Th>
          <Th>Body SHA-256</Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.seq} data-testid="audit-row" data-seq={entry.seq}>
            <Td className="mono">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </Td>
            <Td>
              {entry.userEmail ?? <span className="muted">anonymous</span>}
              {entry.role ? (
                <span className="block muted">{labelFor(ROLE_LABELS, entry.role)}</span>
              ) : null}
              {entry.signedInWith ? (
                <span className="block muted" data-testid="audit-sign-in">
                  Sign-in: {signInMethodLabel(entry.signedInWith, providerName)}
                </span>
              ) : null}
            </Td>
            <Td>
              <PathText text={entry.route} />
              <span className="block muted">{entry.operation}</span>
            </Td>
            <Td>
              {entry.summary}
              {entry.refusal ? <span className="block muted">Refused: {entry.refusal}</span> : null}
            </Td>
            <Td>
              <AuditSubjects subjects={entry.subjects} />
            </Td>
            <Td>
              <AuditStatus entry={entry} />
            </Td>
            <Td className="mono">{entry.upstreamStatus ?? '—'}</Td>
            <Td className="mono">{entry.jobId ?? '—'}</Td>
            <Td>
              {entry.bodySha256 ? (
                <abbr className="mono" title={entry.bodySha256}>
                  {entry.bodySha256.slice(0, 12)}…
                </abbr>
              ) : (
                '—'
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
