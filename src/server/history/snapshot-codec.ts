// How a version's states are stored compactly: a course is cut into records by stable id (the group,
// the session, each section, lesson, topic and completion criterion, and the order of each parent's
// children), each kept as its JSON text. A state is stored either whole or as the records that
// differ from the state before it, Brotli-compressed; a chain of differences ends at a whole state
// (as Mercurial's revlog: a new whole state once the chain grows too long or too heavy to replay).
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants } from 'node:zlib';
import type { CourseSnapshot } from '#contract/console/history.ts';

const compress = promisify(brotliCompress);

/** Record key -> its JSON text. Keys: `g`, `c`, `r`, `s:<id>`, `l:<id>`, `t:<id>`, `k:<id>`, `o…`. */
export type StateRecords = Map<string, string>;

export interface StateDelta {
  /** Records set (new or changed), as JSON text. */
  set: [string, string][];
  /** Records removed. */
  unset: string[];
}

/** The kind of each record key that names a node, for the node index. */
export const NODE_KEYS = { s: 'section', l: 'lesson', t: 'topic', k: 'criterion' } as const;
export type NodeKey = keyof typeof NODE_KEYS;

export function toRecords(snapshot: CourseSnapshot): StateRecords {
  const out: StateRecords = new Map();
  const put = (key: string, value: unknown) => out.set(key, JSON.stringify(value));
  const { sections, completionCriteria, ...root } = snapshot.structure;
  put('g', snapshot.courseGroup);
  put('c', snapshot.course);
  put('r', root);
  put(
    'o',
    sections.map((section) => section.id),
  );
  for (const { lessons, ...section } of sections) {
    put(`s:${section.id}`, section);
    put(
      `o:${section.id}`,
      lessons.map((lesson) => lesson.id),
    );
    for (const { topics, ...lesson } of lessons) {
      put(`l:${lesson.id}`, lesson);
      put(
        `o:${lesson.id}`,
        topics.map((topic) => topic.id),
      );
      for (const topic of topics) put(`t:${topic.id}`, topic);
    }
  }
  put(
    'ok',
    completionCriteria.map((criterion) => criterion.id),
  );
  for (const criterion of completionCriteria) put(`k:${criterion.id}`, criterion);
  return out;
}

export function fromRecords(records: StateRecords): CourseSnapshot {
  const read = <T>(key: string): T => {
    const text = records.get(key);
    if (text === undefined) throw new Error(`A stored course state lacks its record ${key}`);
    return JSON.parse(text) as T;
  };
  const sections = read<string[]>('o').map((sectionId) => ({
    ...read<Record<string, unknown>>(`s:${sectionId}`),
    lessons: read<string[]>(`o:${sectionId}`).map((lessonId) => ({
      ...read<Record<string, unknown>>(`l:${lessonId}`),
      topics: read<string[]>(`o:${lessonId}`).map((topicId) => read<unknown>(`t:${topicId}`)),
    })),
  }));
  const completionCriteria = read<string[]>('ok').map((id) => read<unknown>(`k:${id}`));
  return {
    courseGroup: read('g'),
    course: read('c'),
    structure: { ...read<object>('r'), sections, completionCriteria },
  } as CourseSnapshot;
}

/** The records of `next` that differ from `previous`; null when none do. */
export function deltaOf(previous: StateRecords, next: StateRecords): StateDelta | null {
  const delta: StateDelta = { set: [], unset: [] };
  for (const [key, text] of next) if (previous.get(key) !== text) delta.set.push([key, text]);
  for (const key of previous.keys()) if (!next.has(key)) delta.unset.push(key);
  return delta.set.length === 0 && delta.unset.length === 0 ? null : delta;
}

export const applyDelta = (state: StateRecords, delta: StateDelta): StateRecords =>
  patch(new Map(state), delta);

function patch(state: StateRecords, delta: StateDelta): StateRecords {
  for (const key of delta.unset) state.delete(key);
  for (const [key, text] of delta.set) state.set(key, text);
  return state;
}

// A stored state: one tag byte (whole or difference), then the Brotli-compressed JSON. Each record is
// kept as a JSON string holding its text, so reading a state back parses it once, into the texts the
// differences compare (no record is parsed and printed again).
const WHOLE = 0x57; // 'W'
const DIFFERENCE = 0x58; // 'X'

const objectText = (entries: Iterable<[string, string]>) => {
  const parts: string[] = [];
  for (const [key, text] of entries) parts.push(`${JSON.stringify(key)}:${JSON.stringify(text)}`);
  return `{${parts.join(',')}}`;
};

async function packed(tag: number, json: string): Promise<Buffer> {
  const raw = Buffer.from(json, 'utf8');
  const body = await compress(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  return Buffer.concat([Buffer.from([tag]), body]);
}

export const encodeWhole = (state: StateRecords): Promise<Buffer> =>
  packed(WHOLE, objectText(state));

export const encodeDelta = (delta: StateDelta): Promise<Buffer> =>
  packed(DIFFERENCE, `{"set":${objectText(delta.set)},"unset":${JSON.stringify(delta.unset)}}`);

export type StoredState = { whole: StateRecords } | { delta: StateDelta };

export function decodeState(stored: Uint8Array): StoredState {
  const tag = stored[0];
  const json = JSON.parse(brotliDecompressSync(stored.subarray(1)).toString('utf8')) as unknown;
  if (tag === WHOLE) return { whole: new Map(Object.entries(json as Record<string, string>)) };
  if (tag === DIFFERENCE) {
    const { set, unset } = json as { set: Record<string, string>; unset: string[] };
    return { delta: { set: Object.entries(set), unset } };
  }
  throw new Error('A stored course state has an unknown format');
}

export const isWhole = (stored: Uint8Array): boolean => stored[0] === WHOLE;

/**
 * Replays stored states in order to the last one. A difference before the first whole state belongs
 * to an earlier chain and is skipped.
 */
export function replay(stored: readonly Uint8Array[]): StateRecords {
  let state: StateRecords | undefined;
  for (const blob of stored) {
    const decoded = decodeState(blob);
    if ('whole' in decoded) state = decoded.whole;
    // In place: the decoded whole state is this replay's own (a copy per difference was most of it).
    else if (state) patch(state, decoded.delta);
  }
  if (!state) throw new Error('A stored course state has no whole state to start from');
  return state;
}
