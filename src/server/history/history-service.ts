// Course history: the versions of each course, kept in the console database on either engine.
//
// The service's API (stable: the review queue of issue 23 builds on it):
//   record(change)                  -> CourseVersionSummary   store one version: the course as read
//                                      before the change (null when the change created it) and after
//   list(courseId, { cursor, limit }) -> HistoryPage          summaries, newest first, keyset pages
//   get(courseId, number)            -> CourseVersion | null  one version with both states
//   has(courseId, number)            -> boolean
//   latest(courseId)                 -> CourseVersionSummary | null
//   latestPublished(courseId)        -> CourseVersionSummary | null  the latest version after which the
//                                      course was published (its `after` is what learners saw)
//   state(courseId, number, side?)   -> CourseSnapshot | null the course after (or before) a version
//   compare(courseId, from, to, ctx) -> VersionComparison | null  two versions side by side
//   diff(before | null, after)       -> VersionDiff            any two snapshots (e.g. a version and
//                                      the course as read now), by stable ids
//   coursesOfNodes(ids)              -> Map<nodeId, courseId>  sections, lessons, topics, criteria seen
//   coursesChangedSince(group, at)   -> courseId[]             courses of a group with a version after
//   whileRecording(ids, fn)          -> fn()                   read "after" and record under the
//                                      courses' cluster-wide lock (numbers follow read order)
// Types are the contract's (src/contract/console/history.ts). Storage: snapshot-codec.ts.
import type { Logger } from 'pino';
import {
  compareRows,
  diffVersions,
  isEmptyDiff,
  placeVersions,
  type Baseline,
} from '#compiler/index.ts';
import { encodeCursor } from '#contract/console/pages.ts';
import type {
  CourseSnapshot,
  CourseVersion,
  CourseVersionSummary,
  HistoryChangeKind,
  HistoryPage,
  TranslationChange,
  VersionComparison,
  VersionCounts,
  VersionDiff,
} from '#contract/console/history.ts';
import {
  VersionTaken,
  type HistoryRepository,
  type VersionRow,
} from '../storage/history-repository.ts';
import {
  NODE_KEYS,
  deltaOf,
  encodeDelta,
  encodeWhole,
  fromRecords,
  replay,
  toRecords,
  type NodeKey,
  type StateRecords,
} from './snapshot-codec.ts';

export interface RecordedChange {
  courseId: string;
  /** The course as read before the change; null when the change created it. */
  before: CourseSnapshot | null;
  /** The course as read once the change was confirmed. */
  after: CourseSnapshot;
  /** When `after` was read (epoch ms). */
  at: number;
  userEmail: string | null;
  kinds: readonly HistoryChangeKind[];
  auditSeqs: readonly number[];
  translation?: TranslationChange | null;
}

export interface HistoryOptions {
  serverName: string;
  log: Logger;
  /** Differences replayed at most before a whole state is stored again. */
  maxChain?: number;
  /** Latest states kept in memory (per course) to store the next version without a replay. */
  cachedCourses?: number;
}

/** A chain is cut when its differences weigh more than one whole state. */
const CHAIN_WEIGHT = 1;
const RECORD_ATTEMPTS = 8;
/** Versions looked back on for the "before" of a change that overlapped others (not drift). */
const RECENT_VERSIONS = 8;

const asSnapshot = (snapshot: CourseSnapshot): Baseline => snapshot as Baseline;

function summaryOf(row: VersionRow): CourseVersionSummary {
  return {
    courseId: row.course_id,
    courseGroupId: row.course_group_id,
    number: row.number,
    at: new Date(row.at).toISOString(),
    userEmail: row.user_email,
    kinds: JSON.parse(row.kinds) as HistoryChangeKind[],
    title: row.title,
    status: row.status as CourseVersionSummary['status'],
    counts: JSON.parse(row.counts) as VersionCounts,
    translation: row.translation ? (JSON.parse(row.translation) as TranslationChange) : null,
    drift: row.drift === 1,
    auditSeqs: JSON.parse(row.audit_seqs) as number[],
    bytes: Number(row.bytes),
  };
}

export function createHistoryService(repo: HistoryRepository, options: HistoryOptions) {
  const maxChain = options.maxChain ?? 100;
  const cacheSize = options.cachedCourses ?? 8;
  /** The latest stored state per course, most recently used last. */
  const latestStates = new Map<string, { number: number; records: StateRecords }>();
  /** The version being stored per course: the next waits for it. */
  const queues = new Map<string, Promise<unknown>>();

  const remember = (courseId: string, number: number, records: StateRecords) => {
    latestStates.delete(courseId);
    latestStates.set(courseId, { number, records });
    while (latestStates.size > cacheSize)
      latestStates.delete(latestStates.keys().next().value as string);
  };

  /** The records of the state after version `number` (the chain it ends, replayed). */
  async function afterRecords(row: VersionRow): Promise<StateRecords> {
    const cached = latestStates.get(row.course_id);
    if (cached?.number === row.number) return cached.records;
    const rows = await repo.states(row.course_id, row.chain_start, row.number);
    const blobs: Uint8Array[] = [];
    for (const stored of rows) {
      if (stored.before_data) blobs.push(stored.before_data);
      blobs.push(stored.after_data);
    }
    return replay(blobs);
  }

  async function beforeRecords(row: VersionRow): Promise<StateRecords | null> {
    const [stored] = await repo.states(row.course_id, row.number, row.number);
    const previous = row.number > 1 ? await repo.find(row.course_id, row.number - 1) : undefined;
    if (!stored?.before_data) return previous ? afterRecords(previous) : null;
    const start = previous ? [...(await chainOf(previous))] : [];
    return replay([...start, stored.before_data]);
  }

  async function chainOf(row: VersionRow): Promise<Uint8Array[]> {
    const rows = await repo.states(row.course_id, row.chain_start, row.number);
    return rows.flatMap((stored) =>
      stored.before_data ? [stored.before_data, stored.after_data] : [stored.after_data],
    );
  }

  /**
   * Whether `state` is what an earlier one of the last versions ended with: a change sent through
   * another server was recorded between this change's "before" and its "after" (not drift).
   */
  async function recentlyRecorded(latest: VersionRow, state: StateRecords): Promise<boolean> {
    for (let n = latest.number - 1; n >= Math.max(1, latest.number - RECENT_VERSIONS); n--) {
      const row = await repo.find(latest.course_id, n);
      if (row && !deltaOf(await afterRecords(row), state)) return true;
    }
    return false;
  }

  async function store(change: RecordedChange): Promise<CourseVersionSummary> {
    const latest = await repo.latest(change.courseId);
    const previous = latest ? await afterRecords(latest) : null;
    const before = change.before ? toRecords(change.before) : null;
    const after = toRecords(change.after);

    // The state before: not stored when it is the previous version's after.
    let beforeData: Buffer | null = null;
    let drift = false;
    if (before && previous) {
      const delta = deltaOf(previous, before);
      if (delta) {
        beforeData = await encodeDelta(delta);
        drift =
          !isEmptyDiff(
            diffVersions(asSnapshot(fromRecords(previous)), asSnapshot(change.before!)),
          ) && !(await recentlyRecorded(latest!, before));
      }
    } else if (before) beforeData = await encodeWhole(before);

    const base = before ?? previous;
    const number = (latest?.number ?? 0) + 1;
    let chain = latest
      ? {
          start: latest.chain_start,
          length: latest.chain_length,
          bytes: latest.chain_bytes,
          full: latest.full_bytes,
        }
      : null;
    if (beforeData && !latest)
      chain = { start: number, length: 0, bytes: 0, full: beforeData.length };
    else if (beforeData && chain)
      chain = { ...chain, length: chain.length + 1, bytes: chain.bytes + beforeData.length };

    let afterData: Buffer;
    const delta = base ? deltaOf(base, after) : null;
    const deltaData = base ? await encodeDelta(delta ?? { set: [], unset: [] }) : null;
    if (
      chain &&
      deltaData &&
      chain.length + 1 <= maxChain &&
      chain.bytes + deltaData.length <= CHAIN_WEIGHT * chain.full
    ) {
      afterData = deltaData;
      chain = { ...chain, length: chain.length + 1, bytes: chain.bytes + deltaData.length };
    } else {
      afterData = await encodeWhole(after);
      chain = { start: number, length: 0, bytes: 0, full: afterData.length };
    }

    const diff = diffVersions(
      change.before ? asSnapshot(change.before) : null,
      asSnapshot(change.after),
    );
    await repo.insert({
      course_id: change.courseId,
      number,
      course_group_id: change.after.courseGroup.id,
      at: change.at,
      user_email: change.userEmail,
      server_name: options.serverName,
      kinds: JSON.stringify([...new Set(change.kinds)]),
      title: change.after.course.title,
      status: change.after.course.status,
      counts: JSON.stringify(diff.counts),
      translation: change.translation ? JSON.stringify(change.translation) : null,
      drift: drift ? 1 : 0,
      audit_seqs: JSON.stringify([...new Set(change.auditSeqs)]),
      before_data: beforeData,
      after_data: afterData,
      chain_start: chain.start,
      chain_length: chain.length,
      chain_bytes: chain.bytes,
      full_bytes: chain.full,
    });
    remember(change.courseId, number, after);
    await repo.indexNodes(change.courseId, newNodes(previous, [before, after]));
    const row = await repo.find(change.courseId, number);
    return summaryOf(row!);
  }

  async function storeRetrying(change: RecordedChange): Promise<CourseVersionSummary> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await store(change);
      } catch (error) {
        // Another server stored this number first: record on top of its version.
        if (!(error instanceof VersionTaken) || attempt === RECORD_ATTEMPTS) throw error;
        latestStates.delete(change.courseId);
        options.log.debug({ courseId: change.courseId, attempt }, 'history: version taken, again');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }

  async function stateOf(courseId: string, number: number, side: 'before' | 'after') {
    const row = await repo.find(courseId, number);
    if (!row) return undefined;
    const records = side === 'after' ? await afterRecords(row) : await beforeRecords(row);
    return { row, snapshot: records ? fromRecords(records) : null };
  }

  return {
    /** Versions of one course are stored one after the other on this server. */
    record(change: RecordedChange): Promise<CourseVersionSummary> {
      const previous = queues.get(change.courseId) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(() => storeRetrying(change));
      queues.set(change.courseId, next);
      void next
        .finally(() => {
          if (queues.get(change.courseId) === next) queues.delete(change.courseId);
        })
        .catch(() => undefined);
      return next;
    },

    async list(courseId: string, page: { cursor?: number; limit: number }): Promise<HistoryPage> {
      const rows = await repo.page(courseId, page.cursor, page.limit + 1);
      const versions = rows.slice(0, page.limit).map(summaryOf);
      const hasMore = rows.length > page.limit;
      return {
        versions,
        pageInfo: { hasMore, ...(hasMore && { cursor: encodeCursor(versions.at(-1)!.number) }) },
      };
    },

    async get(courseId: string, number: number): Promise<CourseVersion | null> {
      const after = await stateOf(courseId, number, 'after');
      if (!after) return null;
      const before = await stateOf(courseId, number, 'before');
      return { ...summaryOf(after.row), before: before?.snapshot ?? null, after: after.snapshot! };
    },

    has: async (courseId: string, number: number) =>
      (await repo.find(courseId, number)) !== undefined,

    latest: async (courseId: string) => {
      const row = await repo.latest(courseId);
      return row ? summaryOf(row) : null;
    },

    latestPublished: async (courseId: string) => {
      const row = await repo.latestWithStatus(courseId, 'published');
      return row ? summaryOf(row) : null;
    },

    state: async (courseId: string, number: number, side: 'before' | 'after' = 'after') =>
      (await stateOf(courseId, number, side))?.snapshot ?? null,

    async compare(
      courseId: string,
      from: number,
      to: number,
      context: 'changes' | 'all' = 'changes',
    ): Promise<VersionComparison | null> {
      const earlier = await stateOf(courseId, from, from === to ? 'before' : 'after');
      const later = await stateOf(courseId, to, 'after');
      if (!earlier || !later) return null;
      const left = earlier.snapshot ? asSnapshot(earlier.snapshot) : null;
      const right = asSnapshot(later.snapshot!);
      const placed = placeVersions(left, right);
      const diff = diffVersions(left, right, placed);
      return {
        from: summaryOf(earlier.row),
        to: summaryOf(later.row),
        diff,
        rows: compareRows(placed, diff, { context }),
      };
    },

    diff: (before: CourseSnapshot | null, after: CourseSnapshot): VersionDiff =>
      diffVersions(before ? asSnapshot(before) : null, asSnapshot(after)),

    coursesOfNodes: (ids: readonly string[]) => repo.coursesOf(ids),

    /** The courses of a group with a version read after `at` (epoch ms). */
    coursesChangedSince: (groupId: string, at: number) => repo.coursesChangedSince(groupId, at),

    /** Reading courses' "after" and recording them, one server at a time per course. */
    whileRecording: <T>(courseIds: readonly string[], recording: () => Promise<T>) =>
      repo.whileRecording(courseIds, recording),
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;

/** Nodes the states name that the previous state did not (the rest are indexed already). */
function newNodes(previous: StateRecords | null, states: (StateRecords | null)[]) {
  const out = new Map<string, (typeof NODE_KEYS)[NodeKey]>();
  for (const state of states)
    for (const key of state?.keys() ?? []) {
      const colon = key.indexOf(':');
      const prefix = key.slice(0, colon) as NodeKey;
      if (colon !== 1 || !(prefix in NODE_KEYS) || previous?.has(key)) continue;
      out.set(key.slice(2), NODE_KEYS[prefix]);
    }
  return [...out].map(([node_id, kind]) => ({ node_id, kind }));
}
