// Review and apply: the plan's steps (what will change, in which order), the exact JSON of each
// request, conflicts found by re-reading the course, per-step progress, and a link to the result.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { previewRequest, type Baseline, type Plan, type PlanStep } from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { pendingRuns } from '../persistence/editor-db.ts';
import type { ApplyState } from './use-apply.ts';

export interface ApplyPanelProps {
  plan: Plan;
  blocked: boolean;
  isNew: boolean;
  state: ApplyState;
  draftKey: string;
  onApply(): void;
  onResume(plan: Plan): void;
  onTakeServer(fresh: Baseline): void;
  onReset(): void;
}

function requestOf(step: PlanStep): unknown {
  if (step.kind === 'create')
    return { method: 'POST', path: '/content/course/create', body: step.body };
  if (step.kind === 'update')
    return { method: 'PUT', path: '/content/course/update', body: previewRequest(step) };
  return {
    method: 'GET',
    path: '/courses/{courseId}/structure',
    binds: step.bind.map((b) => b.key),
  };
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting',
  running: 'Sending',
  sent: 'Sent',
  settling: 'Checking',
  throttled: 'Throttled, waiting',
  confirmed: 'Done',
  failed: 'Failed',
};

export function ApplyPanel(props: ApplyPanelProps) {
  const { plan, blocked, isNew, state, onApply } = props;
  const [showJson, setShowJson] = useState(false);
  const running = state.phase === 'running' || state.phase === 'checking';
  const steps = 'steps' in state ? state.steps : null;
  return (
    <section className="apply-panel" aria-labelledby="apply-title">
      <h2 id="apply-title" className="editor-panel__title">
        Review and apply
      </h2>
      {plan.steps.length === 0 ? (
        <p className="field__hint">Nothing to apply: the draft matches the course.</p>
      ) : (
        <ol className="plan-steps" aria-label="Planned requests">
          {plan.steps.map((step, index) => {
            const view = steps?.[index];
            return (
              <li key={step.id} className={`plan-step plan-step--${view?.status ?? 'planned'}`}>
                <span className="plan-step__phase">{step.phase}</span>
                <span className="plan-step__text">{step.description}</span>
                {view ? (
                  <span className="plan-step__status">{STATUS_TEXT[view.status]}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      <label className="check">
        <input type="checkbox" checked={showJson} onChange={() => setShowJson(!showJson)} />
        Show the JSON requests
      </label>
      {showJson ? (
        <pre className="json-preview" tabIndex={0} aria-label="JSON requests">
          {JSON.stringify(plan.steps.map(requestOf), null, 2)}
        </pre>
      ) : null}
      <div className="apply-panel__actions">
        <Button
          variant="primary"
          onClick={onApply}
          disabled={blocked || plan.steps.length === 0 || running}
          pending={running}
        >
          {isNew ? 'Create course' : 'Apply changes'}
        </Button>
        {blocked ? <p className="field__hint">Fix the problems listed above to apply.</p> : null}
      </div>
      <ApplyStatus {...props} />
    </section>
  );
}

function ApplyStatus({ state, onResume, onTakeServer, onReset, draftKey }: ApplyPanelProps) {
  if (state.phase === 'conflict')
    return (
      <div role="alert" className="apply-result apply-result--warning">
        <p>
          <strong>The course changed on the server since you opened it.</strong> Nothing was sent.
          Review the differences; taking the server's version keeps your edits and plans them
          against what is there now.
        </p>
        <table className="diff-table">
          <thead>
            <tr>
              <th scope="col">Where</th>
              <th scope="col">When opened</th>
              <th scope="col">Now on the server</th>
            </tr>
          </thead>
          <tbody>
            {state.differences.map((d, i) => (
              <tr key={i}>
                <td>{d.where}</td>
                <td>{d.before}</td>
                <td>{d.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button onClick={() => onTakeServer(state.fresh)}>Plan against the server's version</Button>
        <Button variant="ghost" onClick={onReset}>
          Cancel
        </Button>
      </div>
    );
  if (state.phase === 'done')
    return (
      <div role="status" className="apply-result apply-result--success">
        <p>
          <strong>Applied.</strong> Every step was confirmed.
          {state.warnings.map((w) => ` ${w.message}`)}
        </p>
        {state.groupId ? (
          <Link to="/course-groups/$groupId" params={{ groupId: state.groupId }}>
            Open the course in the browser
          </Link>
        ) : null}
      </div>
    );
  if (state.phase === 'failed')
    return (
      <div role="alert" className="apply-result apply-result--error">
        <p>
          <strong>The API refused a request; the run stopped.</strong> {state.error}
        </p>
        <p>The messages are shown at their items in the outline and in the problem list.</p>
      </div>
    );
  if (state.phase === 'interrupted')
    return (
      <div role="alert" className="apply-result apply-result--warning">
        <p>
          <strong>The run was interrupted.</strong> {state.error} Resuming continues from the first
          step that is not confirmed; nothing is created twice.
        </p>
        <Button variant="primary" onClick={() => onResume(state.plan)}>
          Resume apply
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            void pendingRuns.clear(draftKey);
            onReset();
          }}
        >
          Discard the run
        </Button>
      </div>
    );
  return null;
}
