// The course editor: outline (inline titles, row menus, drag and drop, keyboard, "Move to…"), course
// and node details, live problems, and review/apply with the conflict panel. The draft lives in an
// EditorStore with undo/redo and is backed up to IndexedDB with its history and its baseline.
import { useNavigate } from '@tanstack/react-router';
import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  draftFromBaseline,
  findNode,
  isTreeDraft,
  rebaseDraft,
  type Baseline,
  type CourseDraft,
} from '#compiler/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { LearnerPreview } from '../../components/learner-preview/learner-preview.tsx';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { KIND_LABELS } from '../../lib/labels.ts';
import { browserId } from '../../lib/live/tab-identity.ts';
import { useSession } from '../../lib/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { IssuesList } from './apply/issues-list.tsx';
import { useApply } from './apply/use-apply.ts';
import { issueWords } from './compile/issue-words.ts';
import { typedIssues } from './compile/typed-issues.ts';
import { useCompiled } from './compile/use-compiled.ts';
import { EditorLayout, NARROW_QUERY } from './layout/editor-layout.tsx';
import { LatePart } from './layout/late-part.tsx';
import { useAfterPaint } from './layout/use-after-paint.ts';
import { useMarkContentShown } from '../../lib/use-after-first-content.ts';
import { useEditorView } from './layout/use-editor-view.ts';
import { CourseIssues } from './panels/course-issues.tsx';
import { KindPicker } from './panels/kind-picker.tsx';
import { ProblemsContext, type FieldProblems } from './panels/problems-context.ts';
import { namedBackups } from './persistence/editor-db.ts';
import { BackupsPanel } from './presence/backups-panel.tsx';
import { PresenceBar } from './presence/presence-bar.tsx';
import { usePresence } from './presence/use-presence.ts';
import { useTabSync } from './presence/use-tab-sync.ts';
import { LeaveGuard } from './persistence/leave-guard.tsx';
import type { EditorInit } from './persistence/load-editor.ts';
import { RestoredBanner } from './persistence/restored-banner.tsx';
import { useAutosave } from './persistence/use-autosave.ts';
import { EditorStore, useEditorSlice } from './state/editor-store.ts';
import { useUndoKeys } from './state/use-undo-keys.ts';
import { nodeName } from './tree/node-names.ts';
import { Outline } from './tree/outline.tsx';
import { preloadRowMenu } from './tree/late-row-menu.tsx';
import './course-editor.css';

// Loaded after the outline shows (issue 27): the editor's first chunk holds what the outline needs.
const ImportExport = lazy(() =>
  import('./persistence/import-export.tsx').then((m) => ({ default: m.ImportExport })),
);
// The details forms (react-hook-form) too; the node panel's code is fetched as the editor mounts, so a
// first selection finds it loaded.
const loadNodePanel = () => import('./panels/node-panel.tsx');
const NodePanel = lazy(() => loadNodePanel().then((m) => ({ default: m.NodePanel })));
const CourseForm = lazy(() =>
  import('./panels/course-form.tsx').then((m) => ({ default: m.CourseForm })),
);
const ApplyPanel = lazy(() =>
  import('./apply/apply-panel.tsx').then((m) => ({ default: m.ApplyPanel })),
);
// The checks run the compiler's HTML scan (htmlparser2): loaded once the outline shows.
const EditorChecks = lazy(() =>
  import('./checks/editor-checks.tsx').then((m) => ({ default: m.EditorChecks })),
);
const ConflictPanel = lazy(() =>
  import('./apply/conflict-panel.tsx').then((m) => ({ default: m.ConflictPanel })),
);

/** Holds the place of review and apply while its code loads: its button where it will be. */
function ApplyPanelPending({ isNew }: { isNew: boolean }) {
  return (
    <section className="apply-panel" aria-label="Review and apply" aria-busy="true">
      <h2 className="editor-panel__title">Review and apply</h2>
      <div className="apply-panel__actions">
        <Button variant="primary" disabled>
          {isNew ? 'Create course' : 'Apply changes'}
        </Button>
      </div>
      <p className="field__hint">Planning the requests…</p>
    </section>
  );
}

/** Holds the place of the Checks panel while its code loads. */
function ChecksPending() {
  return (
    <section className="checks" aria-label="Checks" aria-busy="true">
      <h2 className="editor-panel__title">
        Checks <span className="badge">Checking…</span>
      </h2>
    </section>
  );
}

/** Holds the place of a details form while its code loads. */
function FormPending() {
  return (
    <div className="course-editor__form-pending" aria-busy="true">
      <PendingState label="Loading the form" />
    </div>
  );
}

/** Holds the place of the import and export buttons while their code loads. */
function ImportExportPending() {
  return (
    <div className="import-export" aria-busy="true">
      <Button size="sm" disabled>
        Export JSON
      </Button>
      <Button size="sm" disabled>
        Import JSON
      </Button>
    </div>
  );
}

export type CourseEditorProps = EditorInit & { canPublish: boolean };

export function CourseEditor(props: CourseEditorProps) {
  const [store] = useState(
    () => new EditorStore(props.initial, props.saved, props.history, props.typed),
  );
  const [restoredAt, setRestoredAt] = useState(props.restoredAt);
  // The lazy parts are asked for once the outline's first frame has painted.
  const late = useAfterPaint();
  useEffect(() => {
    if (!late) return;
    void loadNodePanel();
    preloadRowMenu();
  }, [late]);
  // The first frame holds the outline's first rows (the first render mounts them: course-tree.tsx):
  // the signed-in layout's late parts wait for it (the route declares marksContentShown). Here,
  // not in the outline, as a kind without an outline paints its editor all the same.
  useMarkContentShown();
  const view = useEditorView(store);
  const { select } = view;
  const narrow = useMediaQuery(NARROW_QUERY);
  const problemsHeading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const draft = useEditorSlice(store, (s) => s.draft);
  const treeDraft = useEditorSlice(store, (s) => s.outlineDraft);
  const canUndo = useEditorSlice(store, (s) => s.canUndo);
  const canRedo = useEditorSlice(store, (s) => s.canRedo);
  const dirty = useEditorSlice(store, (s) => s.dirty);

  const onSaved = useCallback(
    (fresh: Baseline) => {
      select(null);
      setRestoredAt(null);
      if (!props.server)
        void navigate({
          to: '/editor/$courseId',
          params: { courseId: fresh.course.id },
          search: { created: true },
        });
    },
    [select, navigate, props.server],
  );
  const apply = useApply({
    store,
    baseline: props.baseline,
    baselineKnown: props.baselineKnown,
    draftKey: props.draftKey,
    onSaved,
  });
  const { baseline, baselineKnown: known, serverIssues, showAllProblems } = apply;
  const autosave = useAutosave(
    store,
    props.draftKey,
    known ? baseline : null,
    props.restoredAt !== null && props.baselineKnown ? props.baseline : null,
  );
  useUndoKeys(store);

  // Presence and the edit lease: a read-only tab refuses edits (the store is where they all pass).
  const session = useSession();
  const me = session.user.email;
  const presence = usePresence(props.server?.course.id ?? null, draft.attributes.title);
  const readOnly = presence.readOnly;
  const leaseTab = presence.state?.lease?.tabId ?? null;
  const leaseBrowser = presence.state?.lease?.browserId ?? null;
  const leaseEmail = presence.state?.lease?.email ?? null;
  useTabSync(store, props.draftKey, presence.tab, leaseTab);
  const [backups, setBackups] = useState({ version: 0, name: null as string | null });
  const { lost } = presence;
  const draftKeyForBackup = props.draftKey;
  const { flush } = autosave;
  useEffect(() => {
    if (!lost) return;
    // What this tab had typed is written to its backup before the store turns read-only...
    void flush();
    // ...and, unless the tab that took over is the user's own in this browser (it follows this
    // draft live), kept aside under a name: the next autosave of the course may replace the backup.
    const followsHere = leaseEmail === me && leaseBrowser === browserId();
    if (!store.dirty || followsHere) return;
    const name = `${lost.byName} ${lost.how === 'takenOver' ? 'took over editing' : 'ended your edit lease'}, ${formatDateTime(lost.at)}`;
    void namedBackups
      .add({
        id: `${draftKeyForBackup}|${lost.at}`,
        key: draftKeyForBackup,
        reason: name,
        savedAt: Date.now(),
        draft: store.draft,
        history: store.steps,
        typed: store.typed,
        baseline: baseline,
        baselineKnown: known,
      })
      .then(() => setBackups((old) => ({ version: old.version + 1, name })));
    // Only a new loss keeps a backup; the lease's later changes do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lost]);
  useEffect(() => store.setReadOnly(readOnly), [store, readOnly]);
  const restoreBackup = useCallback(
    (backup: { draft: CourseDraft; baseline: Baseline | null; baselineKnown: boolean }) =>
      // Begun from an older version: the server's changes since are taken in, the backup's kept.
      store.edit(() =>
        backup.baselineKnown && backup.baseline && baseline
          ? rebaseDraft(backup.baseline, backup.draft, baseline, {})
          : backup.draft,
      ),
    [store, baseline],
  );

  // Validation and planning of the whole draft run in a worker after a pause in typing.
  const compiled = useCompiled(draft, baseline);
  const typed = useEditorSlice(store, (s) => s.typed);
  const issues = useMemo(
    () => [...serverIssues, ...typedIssues(typed), ...compiled.issues],
    [serverIssues, typed, compiled],
  );
  const errorCount = issues.filter((issue) => issue.severity === 'error').length;
  const { firstByNode, problems } = useMemo(() => {
    const byNode = new Map<string, string>();
    const byField = new Map<string, string>();
    for (const issue of issues) {
      if (issue.severity !== 'error') continue;
      const text = issueWords(issue).text;
      if (!byNode.has(issue.nodeId)) byNode.set(issue.nodeId, text);
      const parts = issue.field?.split('.') ?? [];
      for (let i = parts.length; i > 0; i--) {
        const key = `${issue.nodeId}|${parts.slice(0, i).join('.')}`;
        if (!byField.has(key)) byField.set(key, text);
      }
    }
    const fieldProblems: FieldProblems = {
      at: (nodeId, field) => byField.get(`${nodeId}|${field}`),
      // A restored draft shows its problems at their fields again, as they were before the reload.
      showAll: showAllProblems || restoredAt !== null,
    };
    return { firstByNode: byNode, problems: fieldProblems };
  }, [issues, showAllProblems, restoredAt]);

  // The server's course as a draft is already in hand for the version read on opening (building it
  // again from 2,000 records cost the first paint tens of milliseconds); a new one after an apply.
  const statusSaved = useMemo(
    () => (baseline && baseline !== props.server ? draftFromBaseline(baseline) : props.saved),
    [baseline, props.server, props.saved],
  );
  const nameOf = useCallback(
    (id: string) => {
      const current = store.draft;
      if (id === current.clientId || !isTreeDraft(current)) return 'Course';
      return nodeName(current, id);
    },
    [store],
  );

  // Problems and apply change when the (settled) compile or the run changes, not on every keystroke.
  const { apply: applyDraft, resume, reset, merge } = apply;
  const applyState = apply.state;
  const draftKey = props.draftKey;
  const { goTo } = view;
  const side = useMemo(
    () => (
      <aside className="course-editor__side" aria-label="Problems and apply">
        {/* Review and apply comes first, its button under its heading: the problems and checks
            below it change height as they arrive, and must never move the button under a click. */}
        <fieldset className="course-editor__fieldset" disabled={readOnly}>
          <LatePart ready={late} fallback={<ApplyPanelPending isNew={!baseline} />}>
            <ApplyPanel
              plan={compiled.plan}
              pending={compiled.pending}
              problems={errorCount}
              isNew={!baseline}
              state={applyState}
              draftKey={draftKey}
              onApply={() => {
                if (!applyDraft()) problemsHeading.current?.focus();
              }}
              onResume={(plan) => void resume(plan)}
              onReset={reset}
            />
          </LatePart>
        </fieldset>
        <IssuesList
          ref={problemsHeading}
          issues={issues}
          pending={compiled.pending}
          nodeName={nameOf}
          onGo={goTo}
        />
        <LatePart ready={late} fallback={<ChecksPending />}>
          <EditorChecks store={store} baseline={baseline} onGo={goTo} />
        </LatePart>
      </aside>
    ),
    [
      store,
      issues,
      nameOf,
      goTo,
      compiled,
      errorCount,
      baseline,
      applyState,
      draftKey,
      applyDraft,
      resume,
      reset,
      readOnly,
      late,
    ],
  );
  const { selectedId } = view;
  const selected = selectedId && isTreeDraft(draft) ? findNode(draft, selectedId) : undefined;
  const isNew = !props.server;
  const running = apply.state.phase === 'running';

  const discard = async () => {
    if (props.server) apply.rebase(props.server);
    store.markSaved(props.saved);
    // The backup is gone from disk before the banner goes: closing the tab now cannot bring it back.
    await autosave.flush();
    setRestoredAt(null);
  };

  const details = (
    <section className="course-editor__panel" aria-label="Details">
      {selected ? (
        <>
          <Button size="sm" variant="ghost" onClick={() => select(null)}>
            ← Course details
          </Button>
          <LearnerPreview draft={draft} topicId={selected.clientId} />
          <fieldset className="course-editor__fieldset" disabled={readOnly}>
            <LatePart ready={late} fallback={<FormPending />}>
              <NodePanel store={store} node={selected} />
            </LatePart>
          </fieldset>
        </>
      ) : (
        <>
          <h2 id="course-panel-title" className="editor-panel__title" tabIndex={-1}>
            Course details
          </h2>
          <CourseIssues issues={issues} courseId={draft.clientId} />
          <fieldset className="course-editor__fieldset" disabled={readOnly}>
            <LatePart ready={late} fallback={<FormPending />}>
              <CourseForm store={store} canPublish={props.canPublish} />
            </LatePart>
          </fieldset>
        </>
      )}
    </section>
  );
  // Memoized: the outline re-renders only when the tree (or this) changes, not on every keystroke.
  const kindPicker = useMemo(
    () => (isNew && !running ? <KindPicker store={store} /> : null),
    [isNew, running, store],
  );
  const outline = treeDraft ? (
    <Outline
      store={store}
      draft={treeDraft}
      saved={statusSaved}
      baseline={baseline}
      collapsed={view.collapsed}
      onToggle={view.toggle}
      selectedId={selectedId}
      onSelect={select}
      issues={firstByNode}
      focus={view.focus}
    >
      {kindPicker}
    </Outline>
  ) : (
    <section className="course-editor__outline" aria-labelledby="outline-title">
      <h2 id="outline-title" className="editor-panel__title">
        Outline
      </h2>
      {kindPicker}
      <p className="field__hint">
        A course of kind “{KIND_LABELS[draft.kind]}” has no outline; its content is set in the
        course details.
      </p>
    </section>
  );

  const heading = `${isNew ? 'New course' : 'Edit course'}: ${draft.attributes.title || '(untitled)'}`;
  return (
    <TooltipProvider>
      <ProblemsContext value={problems}>
        <div className="page course-editor">
          <header className="course-editor__header">
            <h1 className="page__title course-editor__title" title={heading}>
              {heading}
            </h1>
            <div className="course-editor__toolbar" role="toolbar" aria-label="Draft">
              <Button size="sm" onClick={() => store.undo()} disabled={!canUndo || readOnly}>
                Undo
              </Button>
              <Button size="sm" onClick={() => store.redo()} disabled={!canRedo || readOnly}>
                Redo
              </Button>
              <BackupsPanel
                draftKey={props.draftKey}
                version={backups.version}
                server={props.server}
                onRestore={readOnly ? null : restoreBackup}
              />
              <LatePart ready={late} fallback={<ImportExportPending />}>
                <ImportExport
                  draft={draft}
                  courseId={props.server?.course.id ?? null}
                  onImport={(next) => store.edit(() => next)}
                />
              </LatePart>
              <LearnerPreview draft={draft} label="Preview" />
              <span className="course-editor__saved" role="status">
                {dirty
                  ? autosave.savedAt
                    ? `Unsaved changes, backed up in this browser at ${new Date(autosave.savedAt).toLocaleTimeString()}`
                    : 'Unsaved changes'
                  : 'No unsaved changes'}
              </span>
            </div>
          </header>
          <PresenceBar
            state={presence.state}
            tab={presence.tab}
            me={me}
            readOnly={readOnly}
            lost={lost}
            backupName={backups.name}
            isAdmin={session.role === 'admin'}
            onTake={presence.take}
            onEnd={presence.end}
          />
          {restoredAt ? (
            <RestoredBanner
              restoredAt={restoredAt}
              fromOlderVersion={props.restoredFromOlderVersion}
              baselineKnown={known}
              onDiscard={discard}
            />
          ) : null}
          <EditorLayout
            narrow={narrow}
            tab={view.tab}
            onTab={view.setTab}
            outline={outline}
            details={details}
            side={side}
            problems={errorCount}
          />
          <LatePart ready={late} fallback={null}>
            <ConflictPanel
              changes={applyState.phase === 'conflict' ? applyState.changes : null}
              baselineKnown={known}
              onMerge={merge}
              onCancel={reset}
            />
          </LatePart>
          <LeaveGuard store={store} />
        </div>
      </ProblemsContext>
    </TooltipProvider>
  );
}
