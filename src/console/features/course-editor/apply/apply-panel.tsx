// Review and apply: the button and the run's result under the heading (nothing above them changes
// height), then the plan's steps, numbered 1..n in the order they run (what will change), with
// per-step progress, and the exact JSON of each request (copy it, or read it in a wide view).
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { previewRequest, type Plan, type PlanStep } from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { issueWords } from '../compile/issue-words.ts';
import { pendingRuns } from '../persistence/editor-db.ts';
import type { ApplyState } from './use-apply.ts';

export interface ApplyPanelProps {
  plan: Plan;
  /** True until the first plan of a large draft is made (apply still plans what the draft is then). */
  pending?: boolean;
  /** Problems to fix first: apply then shows them instead of sending anything. */
  problems: number;
  isNew: boolean;
  state: ApplyState;
  draftKey: string;
  onApply(): void;
  onResume(plan: Plan): void;
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
  const { plan, problems, isNew, state, onApply } = props;
  const [showJson, setShowJson] = useState(false);
  const running = state.phase === 'running' || state.phase === 'checking';
  const steps = 'steps' in state ? state.steps : null;
  const json = showJson ? JSON.stringify(plan.steps.map(requestOf), null, 2) : '';
  return (
    <section className="apply-panel" aria-labelledby="apply-title">
      <h2 id="apply-title" className="editor-panel__title">
        Review and apply
      </h2>
      <div className="apply-panel__actions">
        <Button
          variant="primary"
          onClick={onApply}
          disabled={plan.steps.length === 0 || running}
          pending={running}
          aria-describedby={problems > 0 ? 'apply-blocked' : undefined}
        >
          {isNew ? 'Create course' : 'Apply changes'}
        </Button>
        {problems > 0 ? (
          <p className="field__hint" id="apply-blocked">
            {problems === 1 ? 'One problem' : `${problems} problems`} to fix first (listed below).
          </p>
        ) : null}
      </div>
      <ApplyStatus {...props} />
      {props.pending ? (
        <p className="field__hint">Planning the requests…</p>
      ) : plan.steps.length === 0 ? (
        <p className="field__hint">Nothing to apply: the draft matches the course.</p>
      ) : (
        <ol className="plan-steps" aria-label="Planned requests">
          {plan.steps.map((step, index) => {
            const view = steps?.[index];
            const newPhase = index === 0 || plan.steps[index - 1]!.phase !== step.phase;
            return (
              <li key={step.id} className={`plan-step plan-step--${view?.status ?? 'planned'}`}>
                {newPhase ? <span className="plan-step__phase">{step.phase}</span> : null}
                <span className="plan-step__number" aria-hidden="true">
                  {index + 1}.
                </span>
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
      {showJson ? <JsonPreview json={json} /> : null}
    </section>
  );
}

/** The requests as JSON: copy them, or read them in a dialog as wide as the screen. */
function JsonPreview({ json }: { json: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(json);
      setCopied('Copied the JSON requests to the clipboard.');
    } catch {
      setCopied('The browser refused the clipboard: select the text and copy it.');
    }
  };
  return (
    <div className="json-block">
      <div className="json-block__actions">
        <Button size="sm" onClick={() => void copy()}>
          Copy JSON
        </Button>
        <Dialog>
          <DialogTrigger asChild>
            <Button size="sm">Open wide view</Button>
          </DialogTrigger>
          <DialogContent
            size="wide"
            title="JSON requests"
            description="The exact requests, in the order they are sent."
          >
            <pre
              className="json-preview json-preview--wide"
              tabIndex={0}
              aria-label="JSON requests"
            >
              {json}
            </pre>
            <div className="dialog__actions">
              <Button size="sm" onClick={() => void copy()}>
                Copy JSON
              </Button>
            </div>
          </DialogContent>
        </Dialog>
        <span className="field__hint" role="status">
          {copied}
        </span>
      </div>
      <pre className="json-preview" tabIndex={0} aria-label="JSON requests">
        {json}
      </pre>
    </div>
  );
}

function ApplyStatus({ state, onResume, onReset, draftKey }: ApplyPanelProps) {
  if (state.phase === 'merged')
    return (
      <div role="status" className="apply-result apply-result--success">
        <p>
          <strong>Their changes are in your draft.</strong> Nothing was sent yet: review the plan
          below, then apply.
        </p>
      </div>
    );
  if (state.phase === 'done')
    return (
      <div role="status" className="apply-result apply-result--success">
        <p>
          <strong>Applied.</strong> Every step was confirmed.
          {state.warnings.map((w) => ` ${issueWords(w).text}.`)}
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
