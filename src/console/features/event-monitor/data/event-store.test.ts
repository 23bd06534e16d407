import { describe, expect, it } from 'vitest';
import { filterFromSearch, NO_FILTER, type MonitorFilter } from '../filters/event-filters.ts';
import { EventStore, type MonitorSnapshot } from './event-store.ts';
import { incoming, makeEvent, range } from './test-events.ts';

const manual = () => new EventStore({ schedule: () => undefined });
const ids = (snapshot: MonitorSnapshot) =>
  Array.from({ length: snapshot.count }, (_, index) => snapshot.at(index).event.id);
const live = (store: EventStore, seqs: number[]) => {
  store.pushLive(seqs.map((seq) => incoming(seq, makeEvent(seq))));
  store.flush();
};
const filter = (search: Parameters<typeof filterFromSearch>[0]): MonitorFilter =>
  filterFromSearch(search);

describe('EventStore', () => {
  it('shows nothing until the first page says where complete history starts', () => {
    const store = manual();
    live(store, [5, 6]);
    expect(store.getSnapshot()).toMatchObject({ ready: false, count: 0, loaded: 2 });
    store.applyHistoryPage(NO_FILTER, [incoming(4, makeEvent(4))], { hasMore: true, cursor: 'c4' });
    expect(ids(store.getSnapshot())).toEqual(['evt-6', 'evt-5', 'evt-4']);
    expect(store.getSnapshot()).toMatchObject({ ready: true, historyComplete: false });
  });

  it('tells a new filter apart from the last one even when both show the same rows', () => {
    const store = manual();
    store.applyHistoryPage(
      NO_FILTER,
      range(11, 12).map((n) => incoming(n, makeEvent(n))),
      { hasMore: true, cursor: 'c11' },
    );
    store.setFilter(filter({ kinds: 'quizAttempt', learner: 'nobody@lectern.invalid' }));
    store.applyHistoryPage(store.currentFilter, [], { hasMore: false });
    const before = store.getSnapshot();
    expect(before).toMatchObject({ count: 0, ready: true, historyComplete: true, floor: 0 });
    // Quiz attempts alone: none among the loaded course activity, history still to read.
    store.setFilter(filter({ kinds: 'quizAttempt' }));
    const after = store.getSnapshot();
    expect(after).toMatchObject({ count: 0, ready: true, historyComplete: false, floor: 11 });
    expect(after.filterKey).not.toBe(before.filterKey);
  });

  it('lists newest first and drops an event seen twice (reconnect replay, overlapping page)', () => {
    const store = manual();
    store.applyHistoryPage(
      NO_FILTER,
      range(1, 3).map((n) => incoming(n, makeEvent(n))),
      { hasMore: false },
    );
    live(store, [3, 4, 5]);
    // The same event under a new seq (a relay that re-read it) is still the same event.
    store.pushLive([incoming(9, makeEvent(4))]);
    store.flush();
    expect(ids(store.getSnapshot())).toEqual(['evt-5', 'evt-4', 'evt-3', 'evt-2', 'evt-1']);
    expect(store.newestSeq).toBe(5);
  });

  it('applies live events once per flush, not per event', () => {
    let scheduled = 0;
    const store = new EventStore({ schedule: () => void (scheduled += 1) });
    store.applyHistoryPage(NO_FILTER, [], { hasMore: false });
    const before = store.getSnapshot();
    store.pushLive([incoming(1, makeEvent(1))]);
    store.pushLive([incoming(2, makeEvent(2))]);
    expect(scheduled).toBe(1);
    expect(store.getSnapshot()).toBe(before);
    store.flush();
    expect(store.getSnapshot().count).toBe(2);
  });

  it('pauses without losing anything: new events are counted and shown on resume', () => {
    const store = manual();
    store.applyHistoryPage(NO_FILTER, [incoming(1, makeEvent(1))], { hasMore: false });
    store.pause();
    live(store, [2, 3, 4]);
    let snapshot = store.getSnapshot();
    expect(snapshot).toMatchObject({ paused: true, count: 1, newWhilePaused: 3 });
    expect(snapshot.kindCounts.courseAction).toBe(1);
    store.resume();
    snapshot = store.getSnapshot();
    expect(ids(snapshot)).toEqual(['evt-4', 'evt-3', 'evt-2', 'evt-1']);
    expect(snapshot.kindCounts.courseAction).toBe(4);
  });

  it('counts per kind everything the other filters let through, and lists only the chosen kinds', () => {
    const store = manual();
    const events = [
      makeEvent(1, { kind: 'quizAttempt', learner: 0 }),
      makeEvent(2, { kind: 'courseCompletion', learner: 0 }),
      makeEvent(3, { kind: 'quizAttempt', learner: 1 }),
    ];
    store.applyHistoryPage(
      NO_FILTER,
      events.map((event, index) => incoming(index + 1, event)),
      { hasMore: false },
    );
    store.setFilter(filter({ kinds: 'quizAttempt', learner: 'ada@example.test' }));
    const snapshot = store.getSnapshot();
    expect(ids(snapshot)).toEqual(['evt-1']);
    expect(snapshot.kindCounts).toMatchObject({
      quizAttempt: 1,
      courseCompletion: 0,
      courseAction: 0,
    });
    store.setFilter(filter({ kinds: 'quizAttempt,courseCompletion', learner: 'ada@example.test' }));
    expect(store.getSnapshot().kindCounts).toMatchObject({ quizAttempt: 1, courseCompletion: 1 });
  });

  it('keeps per-kind counts of every kind while filtering: what the other filters let through, of all loaded', () => {
    const store = manual();
    const events = [
      makeEvent(1, { kind: 'quizAttempt', learner: 0 }),
      makeEvent(2, { kind: 'courseCompletion', learner: 0 }),
      makeEvent(3, { kind: 'quizAttempt', learner: 1 }),
      makeEvent(4, { kind: 'courseCompletion', learner: 1 }),
      makeEvent(5, { kind: 'courseCompletion', learner: 1 }),
    ];
    store.applyHistoryPage(
      NO_FILTER,
      events.map((event, index) => incoming(index + 1, event)),
      { hasMore: false },
    );
    store.setFilter(filter({ kinds: 'quizAttempt', learner: 'ada@example.test' }));
    let snapshot = store.getSnapshot();
    expect(snapshot.kindCounts).toMatchObject({ quizAttempt: 1, courseCompletion: 0 });
    // The unchosen kind keeps its numbers: 1 of Ada's, 3 loaded.
    expect(snapshot.kindMatching).toMatchObject({ quizAttempt: 1, courseCompletion: 1 });
    expect(snapshot.kindTotals).toMatchObject({
      quizAttempt: 2,
      courseCompletion: 3,
      courseAction: 0,
    });

    // Paused: the numbers stand still; resumed, they count what came meanwhile.
    store.pause();
    live(store, [6]);
    snapshot = store.getSnapshot();
    expect(snapshot.kindTotals.courseAction).toBe(0);
    store.resume();
    expect(store.getSnapshot().kindTotals.courseAction).toBe(1);
  });

  it("continues a filter's history below the unfiltered tail, without showing a gap", () => {
    const store = manual();
    // The tail: seqs 101..103, more below (cursor at 101).
    store.applyHistoryPage(
      NO_FILTER,
      range(101, 103).map((n) => incoming(n, makeEvent(n, { learner: 0 }))),
      {
        hasMore: true,
        cursor: 'at-101',
      },
    );
    const ada = filter({ learner: 'ada@example.test' });
    store.setFilter(ada);
    expect(store.chainFor(ada).cursor).toBe('at-101');
    // Another filter's chain loaded seq 50 (Ada's); it must stay hidden until Ada's chain reaches it.
    const grace = filter({ learner: 'grace@example.test' });
    store.applyHistoryPage(grace, [incoming(60, makeEvent(60, { learner: 1 }))], {
      hasMore: true,
      cursor: 'g60',
    });
    store.pushLive([incoming(50, makeEvent(50, { learner: 0 }))]);
    store.flush();
    expect(ids(store.getSnapshot())).toEqual(['evt-103', 'evt-102', 'evt-101']);
    store.applyHistoryPage(ada, [incoming(80, makeEvent(80, { learner: 0 }))], {
      hasMore: true,
      cursor: 'a80',
    });
    expect(ids(store.getSnapshot())).toEqual(['evt-103', 'evt-102', 'evt-101', 'evt-80']);
    store.applyHistoryPage(ada, [incoming(50, makeEvent(50, { learner: 0 }))], { hasMore: false });
    expect(ids(store.getSnapshot())).toEqual(['evt-103', 'evt-102', 'evt-101', 'evt-80', 'evt-50']);
    expect(store.getSnapshot().historyComplete).toBe(true);
  });

  it('unloads the oldest events past the cap and restarts history chains above them', () => {
    const store = new EventStore({ schedule: () => undefined, cap: 10, keep: 6 });
    store.applyHistoryPage(NO_FILTER, [incoming(1, makeEvent(1))], {
      hasMore: true,
      cursor: 'at-1',
    });
    live(store, range(2, 11));
    const snapshot = store.getSnapshot();
    expect(snapshot).toMatchObject({ loaded: 6, evicted: 5, count: 6, historyComplete: false });
    expect(ids(snapshot)).toEqual(['evt-11', 'evt-10', 'evt-9', 'evt-8', 'evt-7', 'evt-6']);
    expect(store.chainFor(NO_FILTER)).toEqual({ floor: 6, cursor: null, done: false });
    // An unloaded event can be loaded again (it left the dedup set with the list).
    store.applyHistoryPage(NO_FILTER, [incoming(5, makeEvent(5))], {
      hasMore: true,
      cursor: 'at-5',
    });
    expect(store.getSnapshot().count).toBe(7);
  });

  it('rejects events that do not match the contract, and says why', () => {
    const store = manual();
    store.applyHistoryPage(NO_FILTER, [], { hasMore: false });
    store.pushLive([
      { seq: 1, event: { ...makeEvent(1), kind: 'somethingElse' } },
      incoming(2, makeEvent(2)),
    ]);
    store.flush();
    expect(store.getSnapshot()).toMatchObject({ count: 1, rejected: 1 });
    expect(store.getSnapshot().lastRejection).toContain('kind');
  });

  it('shares equal learner and course objects between events', () => {
    const store = manual();
    store.applyHistoryPage(
      NO_FILTER,
      [incoming(1, makeEvent(1, { learner: 0 })), incoming(2, makeEvent(4, { learner: 0 }))],
      {
        hasMore: false,
      },
    );
    const snapshot = store.getSnapshot();
    expect(snapshot.at(0).event.learner).toBe(snapshot.at(1).event.learner);
    expect(snapshot.at(0).event.course).toBe(snapshot.at(1).event.course);
  });

  it('hands a joining tab everything after the seq it has', () => {
    const store = manual();
    store.applyHistoryPage(
      NO_FILTER,
      range(1, 4).map((n) => incoming(n, makeEvent(n))),
      { hasMore: false },
    );
    expect(store.eventsAfter(2).map((item) => item.seq)).toEqual([3, 4]);
  });

  it('exports exactly the shown rows, newest first', () => {
    const store = manual();
    store.applyHistoryPage(
      NO_FILTER,
      range(1, 6).map((n) => incoming(n, makeEvent(n, { learner: n % 2 }))),
      {
        hasMore: false,
      },
    );
    store.setFilter(filter({ learner: 'Grace' }));
    expect(store.shownEvents().map((item) => item.seq)).toEqual([5, 3, 1]);
  });
});
