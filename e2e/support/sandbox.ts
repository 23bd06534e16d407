// Direct access to the sandbox the console server embeds: test data and fault injection go straight
// to it (company secret key), never through the console under test.
import Database from 'better-sqlite3';

export interface SandboxResponse {
  status: number;
  body: unknown;
  text: string;
}

/** The embedded sandbox generates its key at first start and keeps it in its database. */
function readSecretKey(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('SELECT secret_key AS key FROM companies ORDER BY created_at, rowid LIMIT 1')
      .get() as { key: string } | undefined;
    if (!row) throw new Error(`No company in ${file}`);
    return row.key;
  } finally {
    db.close();
  }
}

export interface Fault {
  route: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  status?: 500 | 429 | 503;
  reset?: true;
  delayMs?: number;
  rate: number;
}

export interface CreatedGroup {
  groupId: string;
  courseId: string;
  title: string;
}

const WELCOME_TOPIC = {
  title: 'Welcome page',
  type: 'text',
  body: '<p>Welcome</p>',
  courseCompletionCriteria: { type: 'courseTopicViewed' },
};

/** Where a worker's embedded sandbox answers, and its database file. */
export interface SandboxLocation {
  sandboxUrl: string;
  sandboxDb: string;
}

export class SandboxClient {
  readonly key: string;

  constructor(private readonly location: SandboxLocation) {
    this.key = readSecretKey(location.sandboxDb);
  }

  async request(method: string, path: string, body?: unknown): Promise<SandboxResponse> {
    const response = await fetch(`${this.location.sandboxUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text };
  }

  async api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, `/incoming/v2${path}`, body);
    if (response.status >= 300) {
      throw new Error(`${method} ${path} -> ${response.status} ${response.text.slice(0, 300)}`);
    }
    return response.body as T;
  }

  async settings(patch: Record<string, unknown>): Promise<void> {
    const response = await this.request('PUT', '/sandbox/settings', patch);
    if (response.status !== 200) throw new Error(`settings -> ${response.status} ${response.text}`);
  }

  /** The sandbox's runtime settings as GET /sandbox/settings has them. */
  async currentSettings(): Promise<Record<string, unknown>> {
    const response = await this.request('GET', '/sandbox/settings');
    if (response.status !== 200) throw new Error(`settings -> ${response.status} ${response.text}`);
    return response.body as Record<string, unknown>;
  }

  /** Puts back settings read with currentSettings() (a seed once set stays: it cannot be unset). */
  restoreSettings(saved: Record<string, unknown>): Promise<void> {
    const { seed, ...rest } = saved;
    return this.settings(seed === null ? rest : saved);
  }

  faults(faults: Fault[], seed?: number): Promise<void> {
    return this.settings(seed === undefined ? { faults } : { faults, seed });
  }

  clearFaults(): Promise<void> {
    return this.settings({ faults: [] });
  }

  /** Creates `count` small course groups (one course each, one topic with a completion criterion). */
  async createGroups(
    count: number,
    prefix: string,
    options: { status?: 'draft' | 'published'; kind?: 'courseGroup' | 'microCourse' } = {},
  ): Promise<CreatedGroup[]> {
    const created: CreatedGroup[] = [];
    for (let start = 0; start < count; start += 100) {
      const titles = Array.from(
        { length: Math.min(100, count - start) },
        (_, i) => `${prefix} ${String(start + i + 1).padStart(4, '0')}`,
      );
      const result = await this.api<{ courseIds: string[]; courseGroupIds: string[] }>(
        'POST',
        '/content/course/create',
        {
          courseAttributes: titles.map((title) => ({
            title,
            kind: options.kind ?? 'courseGroup',
            ...(options.status ? { status: options.status } : {}),
            authors: ['E2E Author'],
            source: 'e2e',
            ...(options.kind === 'microCourse'
              ? { topics: [WELCOME_TOPIC] }
              : {
                  sections: [
                    {
                      title: 'Section one',
                      lessons: [{ title: 'Lesson one', openType: 'open', topics: [WELCOME_TOPIC] }],
                    },
                  ],
                }),
          })),
        },
      );
      titles.forEach((title, i) =>
        created.push({
          title,
          groupId: result.courseGroupIds[i]!,
          courseId: result.courseIds[i]!,
        }),
      );
    }
    return created;
  }

  courseStatus(courseId: string): Promise<string> {
    return this.api<{ status: string }>('GET', `/courses/${courseId}/structure`).then(
      (structure) => structure.status,
    );
  }

  /**
   * Marks a course deleted. The Content API has no way to delete a course (spec 1), but instances hold
   * deleted ones, so the test writes the sandbox's database the way the platform would.
   */
  markCourseDeleted(courseId: string): void {
    const file = this.location.sandboxDb;
    const db = new Database(file, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const changed = db
        .prepare("UPDATE courses SET status = 'deleted' WHERE id = ?")
        .run(courseId).changes;
      if (changed !== 1) throw new Error(`No course ${courseId} in ${file}`);
    } finally {
      db.close();
    }
  }

  async archiveGroup(groupId: string): Promise<void> {
    await this.api('PUT', '/content/course/update', {
      courseAttributes: { courseGroups: [{ id: groupId, archived: true }] },
    });
  }

  group(groupId: string) {
    return this.api<{ archived: boolean; status: string; title: string; slug: string }>(
      'GET',
      `/courseGroups/${groupId}`,
    );
  }
}
