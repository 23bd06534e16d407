// Creating or changing an alert rule (admins). The condition is chosen in words; the form checks the
// input with the contract's own schema before sending, and the server's answer (a taken name, a webhook
// URL that leads inside) is shown in the dialog. A new signing secret is shown once, to copy.
import { useState } from 'react';
import {
  ALERT_LIMITS,
  AlertRuleInput,
  describeCondition,
  type AlertCondition,
  type AlertConditionType,
  type AlertRule,
} from '#contract/console/alerts.ts';
import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { EVENT_KIND_LABELS } from '../../lib/labels/events.ts';
import { useSaveRule } from './alerts-api.ts';

export const CONDITION_LABELS: Record<AlertConditionType, string> = {
  burst: 'More than N events within a window',
  silence: 'No event for a window',
  relayLag: 'The relay falling behind',
  kindFailing: 'The relay failing to poll a kind',
};

interface Draft {
  name: string;
  type: AlertConditionType;
  kind: EventKind | '';
  threshold: string;
  windowMinutes: string;
  learner: string;
  course: string;
  quizResult: '' | 'failed' | 'passed';
  webhookUrl: string;
  enabled: boolean;
  rotateSecret: boolean;
}

function draftOf(rule: AlertRule | null): Draft {
  const condition = rule?.condition;
  const match = condition && 'match' in condition ? condition.match : {};
  return {
    name: rule?.name ?? '',
    type: condition?.type ?? 'burst',
    kind: condition?.kind ?? 'quizAttempt',
    threshold: condition?.type === 'burst' ? String(condition.threshold) : '20',
    windowMinutes: String(condition?.windowMinutes ?? 10),
    learner: match.learner ?? '',
    course: match.course ?? '',
    quizResult: match.quizResult ?? '',
    webhookUrl: rule?.webhookUrl ?? '',
    enabled: rule?.enabled ?? true,
    rotateSecret: false,
  };
}

function inputOf(draft: Draft): unknown {
  const windowMinutes = Number(draft.windowMinutes);
  const match = {
    learner: draft.learner.trim() || undefined,
    course: draft.course.trim() || undefined,
    quizResult: draft.kind === 'quizAttempt' ? draft.quizResult || undefined : undefined,
  };
  const condition =
    draft.type === 'burst'
      ? {
          type: 'burst',
          kind: draft.kind,
          threshold: Number(draft.threshold),
          windowMinutes,
          match,
        }
      : draft.type === 'silence'
        ? { type: 'silence', kind: draft.kind, windowMinutes, match }
        : { type: draft.type, kind: draft.kind || null, windowMinutes };
  return {
    name: draft.name,
    enabled: draft.enabled,
    condition,
    webhookUrl: draft.webhookUrl.trim() || null,
  };
}

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  'condition.kind': 'kind',
  'condition.threshold': 'threshold',
  'condition.windowMinutes': 'windowMinutes',
  'condition.match.learner': 'learner',
  'condition.match.course': 'course',
  'condition.match.quizResult': 'quizResult',
  webhookUrl: 'webhookUrl',
};

export function RuleFormDialog({
  open,
  onOpenChange,
  rule,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Null: a new rule. */
  rule: AlertRule | null;
}) {
  const save = useSaveRule();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const eventRule = draft.type === 'burst' || draft.type === 'silence';
  const parsed = AlertRuleInput.safeParse(inputOf(draft));

  const close = (next: boolean) => {
    if (save.isPending) return;
    if (!next) {
      save.reset();
      setSecret(null);
      setErrors({});
      setDraft(draftOf(rule));
    }
    onOpenChange(next);
  };

  const submit = async () => {
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = FIELD_NAMES[issue.path.join('.')] ?? 'name';
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        id: rule?.id,
        version: rule?.version,
        rotateSecret: draft.rotateSecret,
        input: parsed.data,
      });
      toast.success(rule ? `Saved “${saved.rule.name}”` : `Created “${saved.rule.name}”`);
      if (saved.webhookSecret) setSecret(saved.webhookSecret);
      else close(false);
    } catch {
      // Shown below with the server's words.
    }
  };

  const fieldError = (key: string) => (errors[key] ? `This ${errors[key]}.` : undefined);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={rule ? `Change “${rule.name}”` : 'New alert rule'}
        description={
          secret
            ? 'Copy the signing secret now: it is not shown again.'
            : parsed.success
              ? describeCondition(parsed.data.condition as AlertCondition)
              : 'Choose a condition; the rule is evaluated every 30 seconds by default.'
        }
        size="lg"
        locked={save.isPending}
      >
        {secret ? (
          <SecretPanel secret={secret} onDone={() => close(false)} />
        ) : (
          <form
            className="rule-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Field
              label="Name"
              error={fieldError('name')}
              counter={{ count: draft.name.length, max: ALERT_LIMITS.nameLength }}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  value={draft.name}
                  autoComplete="off"
                  onChange={(event) => set('name', event.target.value)}
                />
              )}
            </Field>
            <Field label="Condition">
              {(control) => (
                <select
                  {...control}
                  className="select"
                  value={draft.type}
                  onChange={(event) => set('type', event.target.value as AlertConditionType)}
                >
                  {Object.entries(CONDITION_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="rule-form__row">
              <Field label="Event kind" error={fieldError('kind')}>
                {(control) => (
                  <select
                    {...control}
                    className="select"
                    value={draft.kind}
                    onChange={(event) => set('kind', event.target.value as EventKind | '')}
                  >
                    {eventRule ? null : <option value="">Any kind</option>}
                    {EVENT_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {EVENT_KIND_LABELS[kind]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {draft.type === 'burst' ? (
                <Field label="More than (events)" error={fieldError('threshold')}>
                  {(control) => (
                    <input
                      {...control}
                      className="input"
                      type="number"
                      min={0}
                      inputMode="numeric"
                      value={draft.threshold}
                      onChange={(event) => set('threshold', event.target.value)}
                    />
                  )}
                </Field>
              ) : null}
              <Field
                label={draft.type === 'burst' ? 'Within (minutes)' : 'For (minutes)'}
                error={fieldError('windowMinutes')}
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="number"
                    min={1}
                    inputMode="numeric"
                    value={draft.windowMinutes}
                    onChange={(event) => set('windowMinutes', event.target.value)}
                  />
                )}
              </Field>
            </div>
            {eventRule ? (
              <fieldset className="rule-form__match">
                <legend>Only events that match (optional)</legend>
                <div className="rule-form__row">
                  <Field
                    label="Learner"
                    hint="Email address, learner id, or part of the name"
                    error={fieldError('learner')}
                  >
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        value={draft.learner}
                        autoComplete="off"
                        onChange={(event) => set('learner', event.target.value)}
                      />
                    )}
                  </Field>
                  <Field
                    label="Course or learning path"
                    hint="Its id (from the event monitor or the course page)"
                    error={fieldError('course')}
                  >
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        value={draft.course}
                        autoComplete="off"
                        spellCheck={false}
                        onChange={(event) => set('course', event.target.value)}
                      />
                    )}
                  </Field>
                  {draft.kind === 'quizAttempt' ? (
                    <Field label="Quiz result" error={fieldError('quizResult')}>
                      {(control) => (
                        <select
                          {...control}
                          className="select"
                          value={draft.quizResult}
                          onChange={(event) =>
                            set('quizResult', event.target.value as Draft['quizResult'])
                          }
                        >
                          <option value="">Any result</option>
                          <option value="failed">Failed attempts only</option>
                          <option value="passed">Passed attempts only</option>
                        </select>
                      )}
                    </Field>
                  ) : null}
                </div>
              </fieldset>
            ) : null}
            <Field
              label="Webhook URL (optional)"
              hint="A Slack incoming webhook or any endpoint taking a signed JSON POST"
              error={fieldError('webhookUrl')}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  type="url"
                  value={draft.webhookUrl}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => set('webhookUrl', event.target.value)}
                />
              )}
            </Field>
            <Field label="Enabled" layout="check">
              {(control) => (
                <input
                  {...control}
                  type="checkbox"
                  checked={draft.enabled}
                  onChange={(event) => set('enabled', event.target.checked)}
                />
              )}
            </Field>
            {rule?.hasWebhook && draft.webhookUrl.trim() === rule.webhookUrl ? (
              <Field
                label="Issue a new signing secret (the current one stops working at once)"
                layout="check"
              >
                {(control) => (
                  <input
                    {...control}
                    type="checkbox"
                    checked={draft.rotateSecret}
                    onChange={(event) => set('rotateSecret', event.target.checked)}
                  />
                )}
              </Field>
            ) : null}
            {save.error ? (
              <ErrorState compact error={save.error} title="The rule was not saved" />
            ) : null}
            <div className="dialog__actions">
              <DialogClose asChild>
                <Button disabled={save.isPending}>Cancel</Button>
              </DialogClose>
              <Button type="submit" variant="primary" pending={save.isPending}>
                {rule ? 'Save rule' : 'Create rule'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SecretPanel({ secret, onDone }: { secret: string; onDone(): void }) {
  return (
    <div className="stack">
      <p>
        Receivers check each delivery's <code>webhook-signature</code> with this secret (Standard
        Webhooks, HMAC-SHA256).
      </p>
      <Field label="Signing secret">
        {(control) => (
          <input
            {...control}
            className="input mono"
            readOnly
            value={secret}
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <div className="dialog__actions">
        <Button
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret)
              .then(() => toast.success('Copied the signing secret'))
          }
        >
          Copy
        </Button>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
