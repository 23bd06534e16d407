// The demo company (SANDBOX_SEED=demo): the catalog of demo-catalog.ts built through the create
// path's own planner and writer (planCourse, createCoursePlanWriter), so seeded rows look exactly like
// created ones, then moved to the
// states a real catalog has (every status, archived groups, templates, several sessions). The PRNG
// seed is fixed: titles, bodies, prices and dates (relative to the day of seeding) are the same on
// every run. Accounts (learners, staff) are seeded elsewhere.
import { randomUUID } from 'node:crypto';
import type { CourseAttributes, CreateKind } from '#contract/index.ts';
import type { SandboxDeps } from '../deps.ts';
import { createRng, type Rng } from '../lib/prng.ts';
import { createCoursePlanWriter, planCourse } from '../services/write/course-plan.ts';
import { uniqueSlug } from '../services/write/slugs.ts';
import { createBulkQueries } from '../storage/bulk-queries.ts';
import { createCompletionCriteriaRepository } from '../storage/completion-criteria-repository.ts';
import {
  DEMO_AUTHORS,
  DEMO_CERTIFICATE_TEMPLATES,
  DEMO_GROUPS,
  DEMO_LEARNING_PATHS,
  DEMO_SOURCES,
  DEMO_TAGS,
  type DemoGroupSpec,
} from './demo-catalog.ts';
import { description, htmlBody } from './demo-text.ts';
import { demoMicroTopics, demoSections, eventSections } from './demo-topics.ts';
import { seedCompanyConfig } from './seed-config.ts';

export const DEMO_SEED = 20_260_101;
const DAY_MS = 86_400_000;
const PRICES = [0, 0, 0, 2900, 4900, 9900, 19900];
const LEVELS = ['beginner', 'intermediate', 'advanced'];

type SessionTiming = 'first' | 'past' | 'current' | 'future';

export interface DemoSeedResult {
  courseGroupIds: string[];
  /** Display course id by group title. */
  courseIdByTitle: Map<string, string>;
}

function kindStructure(rng: Rng, spec: DemoGroupSpec): Partial<CourseAttributes> {
  switch (spec.kind) {
    case 'courseGroup':
      return { sections: demoSections(rng) };
    case 'microCourse':
      return { topics: demoMicroTopics(rng, spec.title) };
    case 'article':
      return {
        articleVariant: {
          language: spec.language ?? 'en',
          title: spec.title,
          subtitle: 'Read in about five minutes',
          body: htmlBody(rng, spec.title),
          copyright: '© Acme Learning',
        },
      };
    case 'video':
      return {
        videoAsset: `vid_${rng.int(100_000, 999_999)}`,
        posterImageAsset: `https://cdn.example.test/demo/posters/${rng.int(100, 999)}.jpg`,
      };
    case 'shareableContentObject':
      return {
        scormUrl: `https://cdn.example.test/demo/packages/${rng.int(100, 999)}.zip`,
        width: 1024,
        height: 768,
        embeddedEnabled: true,
      };
    default:
      return { sections: eventSections(spec.kind === 'webinar' ? 'webinar' : 'inPersonEvent') };
  }
}

/** Start and end of a session relative to `anchor`; events are dated, courses mostly open-ended. */
function sessionDates(spec: DemoGroupSpec, timing: SessionTiming, anchor: number, index: number) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const event = spec.kind === 'webinar' || spec.kind === 'inPersonEvent';
  const days = { past: [-60, -30], current: [-7, 21], future: [30, 60] } as const;
  if (timing !== 'first') {
    const [start, end] = days[timing];
    return { start: iso(anchor + start * DAY_MS), end: iso(anchor + end * DAY_MS) };
  }
  if (event) {
    const start = anchor + (10 + index) * DAY_MS;
    return { start: iso(start), end: iso(start + 2 * 3_600_000) };
  }
  return { start: iso(anchor - (200 - index) * DAY_MS), end: null };
}

export function seedDemo(deps: SandboxDeps, companyId: string = deps.company.id): DemoSeedResult {
  const { db } = deps;
  const rng = createRng(DEMO_SEED);
  const anchor = Math.floor(deps.now() / DAY_MS) * DAY_MS;
  const writer = createCoursePlanWriter(db);
  const criteria = createCompletionCriteriaRepository(db);
  const result: DemoSeedResult = { courseGroupIds: [], courseIdByTitle: new Map() };

  const seedGroup = (spec: DemoGroupSpec, index: number, tagIds: Map<string, string>) => {
    const createdMs = anchor - (DEMO_GROUPS.length - index) * 5 * DAY_MS;
    const at = new Date(createdMs).toISOString();
    const price = spec.isTemplate ? 0 : rng.pick(PRICES);
    const createKind: CreateKind =
      spec.kind === 'webinar' || spec.kind === 'inPersonEvent'
        ? 'courseGroup'
        : (spec.kind as CreateKind);
    const attributes = (title: string, timing: SessionTiming): CourseAttributes => {
      const dates = sessionDates(spec, timing, anchor, index);
      return {
        title,
        kind: createKind,
        description: description(rng, spec.title),
        tagIds: spec.tags.map((name) => tagIds.get(name)!),
        authors: rng.next() < 0.8 ? [rng.pick(DEMO_AUTHORS)] : [],
        ...(rng.next() < 0.7 ? { source: rng.pick(DEMO_SOURCES) } : {}),
        customFields: { level: rng.pick(LEVELS) },
        ...(spec.ribbon ? { ribbon: spec.ribbon } : {}),
        priceInCents: price,
        purchasable: price > 0,
        ...(spec.sku && timing === 'first' ? { sku: spec.sku } : {}),
        courseStartDate: dates.start,
        enrollmentStartDate: at,
        ...(dates.end ? { courseEndDate: dates.end } : {}),
        ...(spec.kind === 'webinar'
          ? {
              sessionCustomFields: {
                meetingUrl: `https://meet.example.test/${rng.int(1000, 9999)}`,
              },
            }
          : spec.kind === 'inPersonEvent'
            ? { sessionCustomFields: { location: rng.pick(['Berlin', 'London', 'Toronto']) } }
            : {}),
        ...(spec.status === 'pending'
          ? { futurePublishDate: new Date(anchor + (7 + index) * DAY_MS).toISOString() }
          : {}),
        ...kindStructure(rng, spec),
      };
    };

    const plan = planCourse(companyId, attributes(spec.title, 'first'), at);
    const courseStatus = spec.archived ? 'archived' : spec.status;
    const updatedAt = new Date(Math.min(createdMs + rng.int(0, 30) * DAY_MS, anchor)).toISOString();
    plan.group.kind = spec.kind;
    plan.group.content_type = createKind === spec.kind ? plan.group.content_type : spec.kind;
    plan.group.is_template = spec.isTemplate ? 1 : 0;
    plan.group.archived = spec.archived ? 1 : 0;
    plan.group.language = spec.language ?? 'en';
    plan.group.updated_at = updatedAt;

    const sessionPlans = [
      plan,
      ...(spec.sessions ?? []).map((timing, s) => {
        const label =
          timing === 'past'
            ? 'Spring cohort'
            : timing === 'current'
              ? 'Current cohort'
              : `Cohort ${s + 2}`;
        const extra = planCourse(companyId, attributes(`${spec.title} (${label})`, timing), at);
        extra.course.course_group_id = plan.group.id;
        return extra;
      }),
    ];
    for (const session of sessionPlans) {
      session.course.kind = spec.kind;
      session.course.status = courseStatus;
      session.course.updated_at = updatedAt;
      if (courseStatus === 'published') session.course.publish_date = updatedAt;
      if (session === plan) writer.withGroup(session);
      else writer.session(session);
      if (spec.kind === 'courseGroup' && rng.next() < 0.4)
        criteria.insert({
          id: randomUUID(),
          company_id: companyId,
          course_id: session.course.id,
          topic_id: null,
          type: 'coursePercentViewed',
          fields: JSON.stringify({ coursePercentViewed: 80 }),
        });
    }
    result.courseGroupIds.push(plan.group.id);
    result.courseIdByTitle.set(spec.title, plan.course.id);
  };

  db.transaction(() => {
    const at = new Date(anchor - 400 * DAY_MS).toISOString();
    const tagIds = seedCompanyConfig(db, companyId, DEMO_TAGS, at);
    DEMO_GROUPS.forEach((spec, index) => seedGroup(spec, index, tagIds));
    seedLearningPaths(deps, companyId, result.courseIdByTitle, anchor);
    seedCertificateTemplates(deps, companyId, result.courseIdByTitle, anchor);
  })();
  return result;
}

function seedLearningPaths(
  deps: SandboxDeps,
  companyId: string,
  courseIdByTitle: Map<string, string>,
  anchor: number,
): void {
  const path = deps.db.prepare(
    `INSERT INTO learning_paths (id, company_id, title, slug, sku, status, description, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const milestone = deps.db.prepare(
    'INSERT INTO learning_path_milestones (id, learning_path_id, title, display_order) VALUES (?, ?, ?, ?)',
  );
  const member = deps.db.prepare(
    'INSERT INTO learning_path_milestone_courses (milestone_id, course_id, display_order) VALUES (?, ?, ?)',
  );
  DEMO_LEARNING_PATHS.forEach((spec, p) => {
    const id = randomUUID();
    const at = new Date(anchor - (30 - p) * DAY_MS).toISOString();
    const slug = uniqueSlug(spec.title, () => false);
    path.run(id, companyId, spec.title, slug, spec.sku, spec.status, spec.description, at, at);
    spec.milestones.forEach((m, order) => {
      const milestoneId = randomUUID();
      milestone.run(milestoneId, id, m.title, order);
      m.courses.forEach((title, c) => member.run(milestoneId, courseIdByTitle.get(title)!, c));
    });
  });
}

function seedCertificateTemplates(
  deps: SandboxDeps,
  companyId: string,
  courseIdByTitle: Map<string, string>,
  anchor: number,
): void {
  const queries = createBulkQueries(deps.db);
  const at = new Date(anchor - 100 * DAY_MS).toISOString();
  for (const template of DEMO_CERTIFICATE_TEMPLATES)
    queries.insertTemplate({
      id: randomUUID(),
      company_id: companyId,
      name: template.name,
      orientation: template.orientation,
      body: `<h1>${template.name}</h1><p>Awarded to {{learner.name}} for completing {{course.title}} on {{completion.date}}.</p>`,
      course_ids: JSON.stringify(template.courses.map((title) => courseIdByTitle.get(title)!)),
      created_at: at,
      updated_at: at,
    });
}
