// Applying the draft: the decision to apply (compile what the draft is now, refuse while it has
// errors and show every problem), then re-read the course and stop when it changed on the server
// since the draft was begun (the conflict panel lists their changes beside the draft's, and the user takes them into the
// draft with a choice where both changed the same thing), then run the compiled plan through the
// compiler's executor (IndexedDB journal, HTTP transport), with per-step progress. A 400 stops the run
// and its messages become issues at their nodes; an interrupted run can be resumed from its journal.
// Background jobs go to the jobs tray as their answers arrive (job-handoff.ts). It also keeps the
// version the draft is planned against, which a run, a merge or a discard moves.
import { useCallback, useEffect, useState } from 'react';
import {
  applyBindings,
  bindingKeys,
  draftFromBaseline,
  executePlan,
  hasErrors,
  rebaseDraft,
  serverChanges,
  type Baseline,
  type Choices,
  type Issue,
  type Plan,
  type ServerChange,
} from '#compiler/index.ts';
import { errorMessages } from '../../../lib/api-error.ts';
import { typedIssues } from '../compile/typed-issues.ts';
import { compileDraft } from '../compile/compile-draft.ts';
import { IndexedDbJournal, autosave, pendingRuns } from '../persistence/editor-db.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { loadBaseline } from '../persistence/load-course.ts';
import { createHttpTransport } from './http-transport.ts';
import { jobHandoff } from './job-handoff.ts';

export interface StepView {
  id: string;
  phase: string;
  description: string;
  status: 'pending' | 'running' | 'sent' | 'confirmed' | 'failed' | 'settling' | 'throttled';
}

export type ApplyState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'conflict'; changes: ServerChange[]; fresh: Baseline }
  | { phase: 'merged'; count: number }
  | { phase: 'running'; steps: StepView[] }
  | { phase: 'done'; steps: StepView[]; courseId: string; groupId: string; warnings: Issue[] }
  | { phase: 'failed'; steps: StepView[]; error: string }
  | { phase: 'interrupted'; steps: StepView[]; error: string; plan: Plan };

export interface ApplyOptions {
  store: EditorStore;
  /** What the draft is planned against when the editor opens: the version it was begun from. */
  baseline: Baseline | null;
  /** Whether `baseline` is the version the draft was begun from (else every difference is asked). */
  baselineKnown: boolean;
  draftKey: string;
  /** A run saved the whole draft: it is the course as it is on the server now. */
  onSaved(fresh: Baseline): void;
}

const journal = new IndexedDbJournal();

export function useApply({
  store,
  baseline: openedWith,
  baselineKnown: openedKnown,
  draftKey,
  onSaved,
}: ApplyOptions) {
  const [planned, setPlanned] = useState({ baseline: openedWith, known: openedKnown });
  const { baseline, known: baselineKnown } = planned;
  /** The server's answer as issues at their nodes (cleared when a new run starts). */
  const [serverIssues, setServerIssues] = useState<Issue[]>([]);
  /** Every problem is shown, touched or not, once an apply was refused for them. */
  const [showAllProblems, setShowAllProblems] = useState(false);
  const [state, setState] = useState<ApplyState>({ phase: 'idle' });

  useEffect(() => {
    let live = true;
    void pendingRuns.load(draftKey).then((run) => {
      if (live && run)
        setState({
          phase: 'interrupted',
          steps: viewsOf(run.plan),
          error: 'An apply was interrupted (reload or lost connection).',
          plan: run.plan,
        });
    });
    return () => {
      live = false;
    };
  }, [draftKey]);

  const run = useCallback(
    async (plan: Plan) => {
      setServerIssues([]);
      let steps = viewsOf(plan);
      setState({ phase: 'running', steps });
      await pendingRuns.save({ key: draftKey, plan, startedAt: Date.now() });
      store.setBusy(true);
      let result: Awaited<ReturnType<typeof executePlan>>;
      try {
        const editing = store.draft.serverIds;
        const onAnswer = jobHandoff(
          { courseGroupId: editing?.courseGroupId, courseId: editing?.courseId },
          () => store.draft.attributes.title,
        );
        result = await executePlan(plan, {
          transport: createHttpTransport({ onAnswer }),
          journal,
          onProgress: (event) => {
            steps = steps.map((s, i) =>
              i === event.index
                ? { ...s, status: event.status === 'pending' ? 'pending' : event.status }
                : s,
            );
            setState({ phase: 'running', steps });
          },
        });
      } finally {
        store.setBusy(false);
      }
      const draft = store.draft;
      const bound = applyBindings(draft, result.bindings);
      if (bound !== draft) store.edit(() => bound);
      const courseId =
        draft.serverIds?.courseId ?? result.bindings[bindingKeys.course(draft.clientId)];
      const groupId =
        draft.serverIds?.courseGroupId ?? result.bindings[bindingKeys.group(draft.clientId)];
      if (result.outcome === 'interrupted') {
        setState({ phase: 'interrupted', steps, error: result.error ?? 'Interrupted', plan });
        return;
      }
      await pendingRuns.clear(draftKey);
      const fresh = courseId ? await loadBaseline(courseId).catch(() => null) : null;
      if (result.outcome === 'failed') {
        setServerIssues(result.issues);
        if (fresh) setPlanned({ baseline: fresh, known: true });
        setState({ phase: 'failed', steps, error: result.error ?? 'The run stopped' });
        return;
      }
      await autosave.clear(draftKey);
      if (fresh) {
        setPlanned({ baseline: fresh, known: true });
        setShowAllProblems(false);
        store.markSaved(draftFromBaseline(fresh));
        onSaved(fresh);
      }
      setState({
        phase: 'done',
        steps,
        courseId: courseId ?? '',
        groupId: groupId ?? '',
        warnings: result.issues,
      });
    },
    [draftKey, onSaved, store],
  );

  /**
   * Re-read the course first (update only) and stop on changes made elsewhere since the draft was
   * begun: nothing is sent until they are in the draft.
   */
  const start = useCallback(
    async (plan: Plan) => {
      try {
        if (baseline) {
          setState({ phase: 'checking' });
          const fresh = await loadBaseline(baseline.course.id);
          const changes = serverChanges(baselineKnown ? baseline : null, store.draft, fresh);
          if (changes.length > 0) {
            setState({ phase: 'conflict', changes, fresh });
            return;
          }
        }
        await run(plan);
      } catch (error) {
        setState({ phase: 'failed', steps: [], error: errorMessages(error).join(' ') });
      }
    },
    [baseline, baselineKnown, run, store],
  );

  /** Take the server's changes into the draft, with the user's choices where both changed a thing. */
  const merge = useCallback(
    (choices: Choices) => {
      if (state.phase !== 'conflict') return;
      const merged = rebaseDraft(
        baselineKnown ? baseline : null,
        store.draft,
        state.fresh,
        choices,
      );
      store.edit(() => merged);
      setPlanned({ baseline: state.fresh, known: true });
      setState({ phase: 'merged', count: state.changes.length });
    },
    [state, baseline, baselineKnown, store],
  );

  /**
   * Apply what the draft is now: the problem list may trail the last keystroke, so it is compiled
   * again here. While it has errors nothing is sent, every problem is shown, and this says false.
   */
  const apply = useCallback((): boolean => {
    const now = compileDraft(baseline, store.draft);
    if (hasErrors(now.issues) || hasErrors(typedIssues(store.typed))) {
      setShowAllProblems(true);
      return false;
    }
    void start(now.plan);
    return true;
  }, [baseline, store, start]);

  /** Plan against this version of the course from now on (the draft was set back to it). */
  const rebase = useCallback(
    (server: Baseline) => setPlanned({ baseline: server, known: true }),
    [],
  );

  const resume = useCallback(
    (plan: Plan) =>
      run(plan).catch((error: unknown) =>
        setState({
          phase: 'interrupted',
          steps: viewsOf(plan),
          error: errorMessages(error).join(' '),
          plan,
        }),
      ),
    [run],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return {
    state,
    baseline,
    baselineKnown,
    serverIssues,
    showAllProblems,
    apply,
    resume,
    reset,
    merge,
    rebase,
  };
}

const viewsOf = (plan: Plan): StepView[] =>
  plan.steps.map((step) => ({
    id: step.id,
    phase: step.phase,
    description: step.description,
    status: 'pending',
  }));
