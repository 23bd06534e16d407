// The course editor: outline (drag and drop, keyboard), course and node panels, live problems, and
// review/apply. The draft lives in an EditorStore with undo/redo and is backed up to IndexedDB.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import {
  childrenOf,
  draftFromBaseline,
  findNode,
  hasErrors,
  isTreeDraft,
  locate,
  randomId,
  type Baseline,
  type CourseDraft,
  type Issue,
} from '#compiler/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { KIND_LABELS } from '../../lib/labels.ts';
import { ApplyPanel } from './apply/apply-panel.tsx';
import { compileDraft } from './compile/compile-draft.ts';
import { useCompiled } from './compile/use-compiled.ts';
import { useApply } from './apply/use-apply.ts';
import { EditorStore, useEditorSlice } from './state/editor-store.ts';
import { ImportExport } from './persistence/import-export.tsx';
import { IssuesList } from './apply/issues-list.tsx';
import { LeaveGuard } from './persistence/leave-guard.tsx';
import { CourseForm } from './panels/course-form.tsx';
import { NodePanel } from './panels/node-panel.tsx';
import { CourseTree } from './tree/course-tree.tsx';
import type { Projection } from './tree/projection.ts';
import { CourseIssues } from './panels/course-issues.tsx';
import { KindPicker } from './panels/kind-picker.tsx';
import { addChild, ancestorsOf, moveChecked, moveToUnused } from './tree/outline-edits.ts';
import { useAutosave } from './persistence/use-autosave.ts';
import { useRowActions, type Notice } from './tree/use-row-actions.ts';
import { useUndoKeys } from './state/use-undo-keys.ts';
import './course-editor.css';

export interface CourseEditorProps {
  initial: CourseDraft;
  saved: CourseDraft;
  baseline: Baseline | null;
  draftKey: string;
  restoredAt: number | null;
  canPublish: boolean;
}

export function CourseEditor(props: CourseEditorProps) {
  const [store] = useState(() => new EditorStore(props.initial, props.saved));
  const [baseline, setBaseline] = useState(props.baseline);
  const [restoredAt, setRestoredAt] = useState(props.restoredAt);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: string; nonce: number } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  const navigate = useNavigate();
  const draft = useEditorSlice(store, (s) => s.draft);
  const canUndo = useEditorSlice(store, (s) => s.canUndo);
  const canRedo = useEditorSlice(store, (s) => s.canRedo);
  const dirty = useEditorSlice(store, (s) => s.dirty);
  const savedAt = useAutosave(store, props.draftKey, baseline?.course.updatedAt ?? null);
  useUndoKeys(store);

  const [handlers] = useState(() => ({
    select: (id: string | null, withFocus = false) => {
      setSelectedId(id);
      if (id && withFocus) setFocus({ id, nonce: Date.now() });
    },
    toggle: (id: string, open?: boolean) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (open ?? next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    notify: setNotice,
  }));
  const actions = useRowActions(store, handlers);

  // Validation and planning of the whole draft run in a worker after a pause in typing.
  const compiled = useCompiled(draft, baseline);
  const issues = useMemo(() => [...serverIssues, ...compiled.issues], [serverIssues, compiled]);
  const issueByNode = useMemo(() => {
    const map = new Map<string, string>();
    for (const issue of issues)
      if (issue.severity === 'error' && !map.has(issue.nodeId))
        map.set(issue.nodeId, issue.message);
    return map;
  }, [issues]);

  const onSaved = useCallback(
    (fresh: Baseline, complete: boolean) => {
      setBaseline(fresh);
      if (!complete) return;
      setSelectedId(null);
      setRestoredAt(null);
      store.markSaved(draftFromBaseline(fresh));
      if (!props.baseline)
        void navigate({
          to: '/editor/$courseId',
          params: { courseId: fresh.course.id },
          search: { created: true },
        });
    },
    [store, navigate, props.baseline],
  );
  const apply = useApply({
    store,
    baseline,
    draftKey: props.draftKey,
    setServerIssues,
    onSaved,
  });

  const onMove = useCallback(
    (id: string, projection: Projection) => {
      if (isTreeDraft(store.draft)) actions.apply(moveChecked(store.draft, id, projection), id);
    },
    [store, actions],
  );

  // Read the latest draft when called, so the memoized side panel never acts on a stale one.
  const goTo = useCallback(
    (issue: Issue) => {
      const current = store.draft;
      if (isTreeDraft(current) && locate(current, issue.nodeId)) {
        const ancestors = ancestorsOf(current, issue.nodeId);
        setCollapsed((open) => new Set([...open].filter((id) => !ancestors.includes(id))));
        handlers.select(issue.nodeId, true);
        return;
      }
      setSelectedId(null);
      requestAnimationFrame(() =>
        document.getElementById(issue.field ? `f-${issue.field}` : 'course-panel-title')?.focus(),
      );
    },
    [store, handlers],
  );
  const nodeTitle = useCallback(
    (id: string) => {
      const current = store.draft;
      if (id === current.clientId) return 'Course';
      const node = isTreeDraft(current) ? findNode(current, id) : undefined;
      return node ? `${node.kind} “${node.title}”` : 'Course';
    },
    [store],
  );

  // The outline only depends on the tree: a course-field edit keeps the same object, so the memoized
  // outline skips re-rendering while the user types in the course form.
  const treeChildren = isTreeDraft(draft) ? childrenOf(draft) : null;
  const treeDraft = useMemo(
    () => (isTreeDraft(draft) ? draft : null),
    [treeChildren], // eslint-disable-line react-hooks/exhaustive-deps
  );
  // Problems and apply change when the (settled) compile or the run changes, not on every keystroke.
  const { start, resume, reset } = apply;
  const applyState = apply.state;
  const draftKey = props.draftKey;
  const side = useMemo(
    () => (
      <aside className="course-editor__side" aria-label="Problems and apply">
        <IssuesList issues={issues} nodeTitle={nodeTitle} onGo={goTo} />
        <ApplyPanel
          plan={compiled.plan}
          blocked={hasErrors(compiled.issues)}
          isNew={!baseline}
          state={applyState}
          draftKey={draftKey}
          onApply={() => {
            // The list above may trail the last keystroke: apply what the draft is now.
            const now = compileDraft(baseline, store.draft);
            if (!hasErrors(now.issues)) void start(now.plan);
          }}
          onResume={(plan) => void resume(plan)}
          onTakeServer={(fresh) => {
            setBaseline(fresh);
            reset();
          }}
          onReset={reset}
        />
      </aside>
    ),
    [
      issues,
      nodeTitle,
      goTo,
      compiled,
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
  const isNew = !baseline;
  const running = apply.state.phase === 'running';

  return (
    <div className="page course-editor">
      <header className="course-editor__header">
        <h1 className="page__title">
          {isNew ? 'New course' : 'Edit course'}: {draft.attributes.title || '(untitled)'}
        </h1>
        <div className="course-editor__toolbar" role="toolbar" aria-label="Draft">
          <Button size="sm" onClick={() => store.undo()} disabled={!canUndo}>
            Undo
          </Button>
          <Button size="sm" onClick={() => store.redo()} disabled={!canRedo}>
            Redo
          </Button>
          <ImportExport draft={draft} onImport={(next) => store.edit(() => next)} />
          <span className="course-editor__saved" role="status">
            {dirty
              ? savedAt
                ? `Unsaved changes, backed up in this browser at ${new Date(savedAt).toLocaleTimeString()}`
                : 'Unsaved changes'
              : 'No unsaved changes'}
          </span>
        </div>
      </header>
      {restoredAt ? (
        <div className="banner banner--info" role="status">
          Restored your unsaved draft from {new Date(restoredAt).toLocaleString()}.{' '}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              store.edit(() => props.saved);
              setRestoredAt(null);
            }}
          >
            Discard it
          </Button>
        </div>
      ) : null}
      {isNew && !running ? <KindPicker store={store} /> : null}
      <div className="course-editor__grid">
        <section className="course-editor__outline" aria-labelledby="outline-title">
          <div className="course-editor__outline-head">
            <h2 id="outline-title" className="editor-panel__title">
              Outline
            </h2>
            {isTreeDraft(draft) ? (
              <Button
                size="sm"
                onClick={() =>
                  isTreeDraft(store.draft) &&
                  actions.apply(addChild(store.draft, null, randomId), 'root')
                }
              >
                Add {draft.kind === 'courseGroup' ? 'section' : 'topic'}
              </Button>
            ) : null}
          </div>
          {notice ? (
            <div className="notice" role="alert">
              <p>{notice.message}</p>
              {notice.offerUnused ? (
                <Button
                  size="sm"
                  onClick={() =>
                    isTreeDraft(store.draft) &&
                    actions.apply(moveToUnused(store.draft, notice.nodeId, randomId), notice.nodeId)
                  }
                >
                  Move it to “Unused”
                </Button>
              ) : null}
              <Button size="sm" variant="ghost" onClick={() => setNotice(null)}>
                Dismiss
              </Button>
            </div>
          ) : null}
          {treeDraft ? (
            <CourseTree
              draft={treeDraft}
              collapsed={collapsed}
              selectedId={selectedId}
              issues={issueByNode}
              actions={actions}
              onMove={onMove}
              focus={focus}
            />
          ) : (
            <p className="field__hint">
              A course of kind “{KIND_LABELS[draft.kind]}” has no outline; its content is set in the
              course details.
            </p>
          )}
        </section>
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
        {side}
      </div>
      <LeaveGuard store={store} />
    </div>
  );
}
