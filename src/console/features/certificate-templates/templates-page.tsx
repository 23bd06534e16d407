// Certificate templates (`POST /content/certificate-templates/bulk` and `…/bulk/update`, admins):
// several templates created or changed at once, each checked before sending, sent in chunks by the
// shared bulk runner with per-template results. The API has no endpoint that lists templates, so the
// templates saved from this console are listed from the API's answers (for this tab); another
// template is changed by its id.
import { Suspense, useCallback, useState } from 'react';
import { lateComponent, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { plural } from '../../lib/format.ts';
import { useSessionDraft } from '../../lib/use-session-draft.ts';
import { SavedTemplates } from './saved-templates.tsx';
import {
  emptyDraft,
  isUntouched,
  templateRequest,
  type TemplateDraft,
  type TemplateMode,
} from './template-model.ts';
import { TemplateRow } from './template-row.tsx';
import type { SavedTemplate, TemplateItem } from './template-task.ts';
import './templates.css';

// The run's view and the bulk runner load after the first content (or on the first send).
const TemplateRun = lateComponent(() =>
  import('./template-run.tsx').then((module) => module.TemplateRun),
);
const NO_SAVED: readonly SavedTemplate[] = [];
let nextKey = 0;
const newKey = () => `t${Date.now()}-${nextKey++}`;

export function TemplatesPage({ canApply }: { canApply: boolean }) {
  const [mode, setMode] = useState<TemplateMode>('create');
  const [drafts, setDrafts] = useSessionDraft<readonly TemplateDraft[]>('templates.drafts', [
    emptyDraft('first'),
  ]);
  const [saved, setSaved] = useSessionDraft('templates.saved', NO_SAVED);
  const [run, setRun] = useState<{ mode: TemplateMode; items: TemplateItem[] } | null>(null);
  usePreloadAfterFirstContent(TemplateRun, canApply);
  const requests = drafts.map((draft) => templateRequest(draft, mode));
  const ready = drafts.filter((_draft, index) => requests[index]!.ok);
  const blocked = drafts.filter(
    (draft, index) => !requests[index]!.ok && !isUntouched(draft, mode),
  ).length;

  const update = (key: string, next: TemplateDraft) =>
    setDrafts((previous) => previous.map((draft) => (draft.key === key ? next : draft)));

  const start = () =>
    setRun({
      mode,
      items: drafts.flatMap((draft, index) => {
        const request = requests[index]!;
        return request.ok
          ? [
              {
                key: draft.key,
                title: draft.name.trim() || `Template ${draft.id.trim()}`,
                request,
              },
            ]
          : [];
      }),
    });

  const onSaved = useCallback(
    (_item: TemplateItem, template: SavedTemplate) =>
      setSaved((previous) => [template, ...previous.filter((t) => t.id !== template.id)]),
    [setSaved],
  );

  const editSaved = (template: SavedTemplate) => {
    setMode('update');
    setDrafts([{ ...emptyDraft(newKey()), id: template.id, orientation: '' }]);
  };

  return (
    <div className="page templates">
      <div className="page__header">
        <div>
          <h1 className="page__title">Certificate templates</h1>
          <p className="page__lead">
            Create or change several certificate templates at once.{' '}
            {canApply ? '' : 'Creating and changing templates is done by admins.'}
          </p>
        </div>
      </div>
      <p className="card__hint" role="note">
        The platform cannot list its templates: this page lists the ones you save here. To change
        another template, choose “Change templates” and paste its id.
      </p>
      <section className="card templates__editor" aria-labelledby="templates-heading">
        <h2 className="card__title" id="templates-heading">
          {mode === 'create' ? 'New templates' : 'Changes to templates'}
        </h2>
        <ChoiceGroup
          legend="What to do"
          name="templates-mode"
          value={mode}
          choices={[
            { value: 'create', label: 'Create templates' },
            { value: 'update', label: 'Change templates' },
          ]}
          onChange={setMode}
          disabled={run !== null}
        />
        <ol className="template-rows">
          {drafts.map((draft, index) => (
            <TemplateRow
              key={draft.key}
              draft={draft}
              number={index + 1}
              mode={mode}
              request={requests[index]!}
              locked={run !== null}
              onChange={(next) => update(draft.key, next)}
              onRemove={() => setDrafts((previous) => previous.filter((d) => d.key !== draft.key))}
            />
          ))}
        </ol>
        <div className="panel__actions">
          <Button
            disabled={run !== null}
            onClick={() => setDrafts((previous) => [...previous, emptyDraft(newKey())])}
          >
            Add a template
          </Button>
        </div>
        <p className="templates__preview" role="status" data-testid="templates-preview">
          {ready.length + blocked === 0
            ? 'No templates filled in yet.'
            : `${plural(ready.length, 'template')} ready${blocked > 0 ? `; ${plural(blocked, 'template needs', 'templates need')} attention` : ''}.`}
        </p>
        {run ? (
          <Suspense fallback={null}>
            <TemplateRun.Component
              key={run.items.map((item) => item.key).join()}
              mode={run.mode}
              items={run.items}
              onSaved={onSaved}
              onClose={(doneKeys) => {
                setRun(null);
                setDrafts((previous) => {
                  const left = previous.filter((draft) => !doneKeys.has(draft.key));
                  return left.length > 0 ? left : [emptyDraft(newKey())];
                });
              }}
            />
          </Suspense>
        ) : canApply ? (
          <div className="panel__actions">
            <Button variant="primary" disabled={ready.length === 0} onClick={start}>
              {mode === 'create' ? 'Create' : 'Change'} {plural(ready.length, 'template')}
            </Button>
          </div>
        ) : null}
      </section>
      <SavedTemplates templates={saved} canChange={canApply && run === null} onChange={editSaved} />
    </div>
  );
}
