// The course editor: outline (inline titles, row menus, drag and drop, keyboard, "Move to…"), course
// and node details, live problems, and review/apply with the conflict panel. The draft lives in an
// EditorStore with undo/redo and is backed up to IndexedDB with its history and its baseline.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  draftFromBaseline,
  findNode,
  hasErrors,
  isTreeDraft,
  locate,
  type Baseline,
  type CourseDraft,
  type Issue,
} from '#compiler/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { TooltipProvider } from '../../components/ui/tooltip.tsx';
import { KIND_LABELS } from '../../lib/labels.ts';
import { ApplyPanel } from './apply/apply-panel.tsx';
import { ConflictPanel } from './apply/conflict-panel.tsx';
import { IssuesList } from './apply/issues-list.tsx';
import { useApply } from './apply/use-apply.ts';
import { compileDraft } from './compile/compile-draft.ts';
import { issueWords } from './compile/issue-words.ts';
import { useCompiled } from './compile/use-compiled.ts';
import { EditorLayout, NARROW_QUERY, type EditorTab } from './layout/editor-layout.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { CourseIssues } from './panels/course-issues.tsx';
import { CourseForm } from './panels/course-form.tsx';
import { KindPicker } from './panels/kind-picker.tsx';
import { NodePanel } from './panels/node-panel.tsx';
import { ProblemsContext, type FieldProblems } from './panels/problems-context.ts';
import { ImportExport } from './persistence/import-export.tsx';
import { LeaveGuard } from './persistence/leave-guard.tsx';
import { useAutosave } from './persistence/use-autosave.ts';
import { EditorStore, useEditorSlice } from './state/editor-store.ts';
import type { DraftHistory } from './state/history.ts';
import { useUndoKeys } from './state/use-undo-keys.ts';
import { nodeName } from './tree/node-names.ts';
import { Outline } from './tree/outline.tsx';
import { ancestorsOf } from './tree/commands/outline-edits.ts';
import './course-editor.css';

export interface CourseEditorProps {
  initial: CourseDraft;
  /** The draft of the course as it is on the server now ("Discard it" goes back to it). */
  saved: CourseDraft;
  /** The course as read from the server now (null: a new course). */
  server: Baseline | null;
  /** What the draft is planned against: the version it was begun from. */
  baseline: Baseline | null;
  /** False for a restored draft that did not store its version (apply asks about every difference). */
  baselineKnown: boolean;
  history: DraftHistory | undefined;
  draftKey: string;
  restoredAt: number | null;
  /** The restored draft was begun from an older (or unknown) version of the course. */
  restoredFromOlderVersion: boolean;
  canPublish: boolean;
}

export function CourseEditor(props: CourseEditorProps) {
  const [store] = useState(() => new EditorStore(props.initial, props.saved, props.history));
  const [baseline, setBaseline] = useState(props.baseline);
  const [known, setKnown] = useState(props.baselineKnown);
  const [restoredAt, setRestoredAt] = useState(props.restoredAt);
  const [discarding, setDiscarding] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: string; nonce: number } | null>(null);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [tab, setTab] = useState<EditorTab>('outline');
  const narrow = useMediaQuery(NARROW_QUERY);
  const problemsHeading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const draft = useEditorSlice(store, (s) => s.draft);
  const canUndo = useEditorSlice(store, (s) => s.canUndo);
  const canRedo = useEditorSlice(store, (s) => s.canRedo);
  const dirty = useEditorSlice(store, (s) => s.dirty);
  const autosave = useAutosave(
    store,
    props.draftKey,
    known ? baseline : null,
    props.restoredAt !== null && props.baselineKnown ? props.baseline : null,
  );
  useUndoKeys(store);

  const [handlers] = useState(() => ({
    select: (id: string | null) => {
      setSelectedId(id);
      // Asked at the moment of the click: the handlers are made once.
      if (id && window.matchMedia(NARROW_QUERY).matches) setTab('details');
    },
    toggle: (id: string, open?: boolean) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (open ?? next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
  }));

  // Validation and planning of the whole draft run in a worker after a pause in typing.
  const compiled = useCompiled(draft, baseline);
  const issues = useMemo(() => [...serverIssues, ...compiled.issues], [serverIssues, compiled]);
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
      showAll,
    };
    return { firstByNode: byNode, problems: fieldProblems };
  }, [issues, showAll]);

  const statusSaved = useMemo(
    () => (baseline ? draftFromBaseline(baseline) : props.saved),
    [baseline, props.saved],
  );
  const onSaved = useCallback(
    (fresh: Baseline, complete: boolean) => {
      setBaseline(fresh);
      setKnown(true);
      if (!complete) return;
      setSelectedId(null);
      setRestoredAt(null);
      setShowAll(false);
      store.markSaved(draftFromBaseline(fresh));
      if (!props.server)
        void navigate({
          to: '/editor/$courseId',
          params: { courseId: fresh.course.id },
          search: { created: true },
        });
    },
    [store, navigate, props.server],
  );
  const onRebased = useCallback((fresh: Baseline) => {
    setBaseline(fresh);
    setKnown(true);
  }, []);
  const apply = useApply({
    store,
    baseline,
    baselineKnown: known,
    draftKey: props.draftKey,
    setServerIssues,
    onSaved,
    onRebased,
  });

  // Read the latest draft when called, so the memoized side panel never acts on a stale one.
  const goTo = useCallback(
    (issue: Issue) => {
      const current = store.draft;
      if (isTreeDraft(current) && locate(current, issue.nodeId)) {
        const ancestors = ancestorsOf(current, issue.nodeId);
        setCollapsed((open) => new Set([...open].filter((id) => !ancestors.includes(id))));
        setSelectedId(issue.nodeId);
        setTab('outline');
        setFocus({ id: issue.nodeId, nonce: Date.now() });
        return;
      }
      setSelectedId(null);
      setTab('details');
      const field = issue.field?.split('.')[0];
      requestAnimationFrame(() =>
        document.getElementById(field ? `f-${field}` : 'course-panel-title')?.focus(),
      );
    },
    [store],
  );
  const nameOf = useCallback(
    (id: string) => {
      const current = store.draft;
      if (id === current.clientId || !isTreeDraft(current)) return 'Course';
      return nodeName(current, id);
    },
    [store],
  );

  // The outline only depends on the tree: a course-field edit keeps the same object, so the memoized
  // outline skips re-rendering while the user types in the course form.
  const treeChildren = isTreeDraft(draft)
    ? draft.kind === 'courseGroup'
      ? draft.sections
      : draft.topics
    : null;
  const treeDraft = useMemo(
    () => (isTreeDraft(draft) ? draft : null),
    [treeChildren], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // Problems and apply change when the (settled) compile or the run changes, not on every keystroke.
  const { start, resume, reset, merge } = apply;
  const applyState = apply.state;
  const draftKey = props.draftKey;
  const side = useMemo(
    () => (
      <aside className="course-editor__side" aria-label="Problems and apply">
        <IssuesList
          ref={problemsHeading}
          issues={issues}
          pending={compiled.pending}
          nodeName={nameOf}
          onGo={goTo}
        />
        <ApplyPanel
          plan={compiled.plan}
          pending={compiled.pending}
          problems={errorCount}
          isNew={!baseline}
          state={applyState}
          draftKey={draftKey}
          onApply={() => {
            // The list above may trail the last keystroke: apply what the draft is now.
            const now = compileDraft(baseline, store.draft);
            if (hasErrors(now.issues)) {
              setShowAll(true);
              problemsHeading.current?.focus();
              return;
            }
            void start(now.plan);
          }}
          onResume={(plan) => void resume(plan)}
          onReset={reset}
        />
      </aside>
    ),
    [
      issues,
      nameOf,
      goTo,
      compiled,
      errorCount,
      baseline,
      applyState,
      draftKey,
      start,
      resume,
      reset,
      store,
    ],
  );
  const selected = selectedId && isTreeDraft(draft) ? findNode(draft, selectedId) : undefined;
  const isNew = !props.server;
  const running = apply.state.phase === 'running';

  const discard = async () => {
    setDiscarding(true);
    if (props.server) {
      setBaseline(props.server);
      setKnown(true);
    }
    store.markSaved(props.saved);
    // The backup is gone from disk before the banner goes: closing the tab now cannot bring it back.
    await autosave.flush();
    setDiscarding(false);
    setRestoredAt(null);
  };

  const details = (
    <section className="course-editor__panel" aria-label="Details">
      {selected ? (
        <>
          <Button size="sm" variant="ghost" onClick={() => setSelectedId(null)}>
            ← Course details
          </Button>
          <NodePanel store={store} node={selected} />
        </>
      ) : (
        <>
          <h2 id="course-panel-title" className="editor-panel__title" tabIndex={-1}>
            Course details
          </h2>
          <CourseIssues issues={issues} courseId={draft.clientId} />
          <CourseForm store={store} canPublish={props.canPublish} />
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
      collapsed={collapsed}
      onToggle={handlers.toggle}
      selectedId={selectedId}
      onSelect={handlers.select}
      issues={firstByNode}
      focus={focus}
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

  return (
    <TooltipProvider>
      <ProblemsContext value={problems}>
        <div className="page course-editor">
          <header className="course-editor__header">
            <h1 className="page__title course-editor__title">
              {isNew ? 'New course' : 'Edit course'}: {draft.attributes.title || '(untitled)'}
            </h1>
            <div className="course-editor__toolbar" role="toolbar" aria-label="Draft">
              <Button size="sm" onClick={() => store.undo()} disabled={!canUndo}>
                Undo
              </Button>
              <Button size="sm" onClick={() => store.redo()} disabled={!canRedo}>
                Redo
              </Button>
              <ImportExport
                draft={draft}
                courseId={props.server?.course.id ?? null}
                onImport={(next) => store.edit(() => next)}
              />
              <span className="course-editor__saved" role="status">
                {dirty
                  ? autosave.savedAt
                    ? `Unsaved changes, backed up in this browser at ${new Date(autosave.savedAt).toLocaleTimeString()}`
                    : 'Unsaved changes'
                  : 'No unsaved changes'}
              </span>
            </div>
          </header>
          {restoredAt ? (
            <div
              className={`banner ${props.restoredFromOlderVersion ? 'banner--warning' : 'banner--info'}`}
              role="status"
            >
              Restored your unsaved draft from {new Date(restoredAt).toLocaleString()}.
              {props.restoredFromOlderVersion
                ? known
                  ? ' The course has changed on the server since your draft began: applying shows what changed first, and nothing of theirs is overwritten.'
                  : ' It was backed up without the version of the course it began from: applying shows every difference with the server first.'
                : ''}{' '}
              <Button size="sm" variant="ghost" pending={discarding} onClick={() => void discard()}>
                Discard it
              </Button>
            </div>
          ) : null}
          <EditorLayout
            narrow={narrow}
            tab={tab}
            onTab={setTab}
            outline={outline}
            details={details}
            side={side}
            problems={errorCount}
          />
          <ConflictPanel
            changes={applyState.phase === 'conflict' ? applyState.changes : null}
            baselineKnown={known}
            onMerge={merge}
            onCancel={reset}
          />
          <LeaveGuard store={store} />
        </div>
      </ProblemsContext>
    </TooltipProvider>
  );
}
