// Validation of a draft before anything is sent: the contract's shape (zod) and the rules of spec 7.2
// and 8, plus the topic type rules of 2.3-2.5, each located at its node with the contract's wording.
import {
  CourseAttributes,
  LIMITS,
  MESSAGES,
  TOPIC_TYPES,
  Uuid,
  completionCriteriaIssues,
  countChildren,
  courseRuleIssues,
  topicFieldsFor,
  topicsOf,
  updateRuleIssues,
  type Path,
  type TopicType,
} from '#contract/index.ts';
import { UPDATE_ONLY_ATTRIBUTES, courseAttributesOf, locatePath } from './draft/to-attributes.ts';
import { DraftAttributesSchema, isTreeDraft, type CourseDraft } from './draft/schema.ts';
import { allNodes } from './draft/tree-ops.ts';
import {
  dedupeIssues,
  detailOfZodIssue,
  type Issue,
  type IssueCode,
  type IssueDetail,
  type IssueSeverity,
} from './issues.ts';
import { COMPILER_MESSAGES } from './messages.ts';

/** Rules of create that do not apply to a saved course (its status is changed by update). */
const CREATE_ONLY_FIELDS = new Set(['status', 'futurePublishDate']);
/** Covered by the API's own video and audio rules, which carry the spec's wording. */
const FIELDS_WITH_API_RULES = new Set(['videoUrl', 'videoAsset', 'audioUrl']);

export function validateDraft(draft: CourseDraft): Issue[] {
  const issues: Issue[] = [];
  const saved = draft.serverIds !== undefined;
  const body = courseAttributesOf(draft) as unknown as Record<string, unknown>;
  const at = (
    path: Path,
    message: string,
    code: IssueCode,
    severity: IssueSeverity = 'error',
    detail?: IssueDetail,
  ) =>
    issues.push({ ...locatePath(draft, path), message, severity, code, ...(detail && { detail }) });

  // Shape: the contract's zod schemas (types, enums, URLs, dates, completion criteria companions).
  // The input is reported so that a missing value reads as "required" in the issue's detail.
  const parsed = CourseAttributes.safeParse(body, { reportInput: true });
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      at(toPath(issue.path), issue.message, 'shape', 'error', detailOfZodIssue(issue));
  const slug = DraftAttributesSchema.shape.slug.safeParse(draft.attributes.slug, {
    reportInput: true,
  });
  if (!slug.success)
    at(
      ['slug'],
      slug.error.issues[0]!.message,
      'shape',
      'error',
      detailOfZodIssue(slug.error.issues[0]!),
    );

  // The API's rules for the course entry (titles, status, catalog limits, price, video fields).
  for (const issue of courseRuleIssues(body)) {
    if (saved && CREATE_ONLY_FIELDS.has(String(issue.path[0]))) continue;
    at(issue.path, issue.message, 'rule');
  }

  // Per topic: audioUrl only on audio (spec 7.2 pre-check), completion criteria (2.5), type fields.
  for (const { topic, position, path } of topicsOf(body, 0)) {
    const type = String(topic.type);
    if (topic.audioUrl !== undefined && type !== 'audio')
      at([...path, 'audioUrl'], MESSAGES.audioUrlOnNonAudio(type, position), 'rule');
    const criteria = topic.courseCompletionCriteria;
    if (criteria && typeof criteria === 'object' && 'type' in criteria)
      for (const message of completionCriteriaIssues(criteria as { type: string }))
        at([...path, 'courseCompletionCriteria'], message, 'rule');
    for (const field of Object.keys(topic)) {
      if (FIELDS_WITH_API_RULES.has(field) || !isKnownTopicType(type)) continue;
      if (!allowedFields(type as TopicType).has(field))
        at([...path, field], COMPILER_MESSAGES.fieldNotForTopicType(field, type), 'rule');
    }
    if (type === 'video')
      alternateAssetRule(topic, (m) => at([...path, 'assetType'], m, 'rule', 'warning'));
  }
  if (draft.kind === 'video')
    alternateAssetRule(draft.video, (m) => at(['assetType'], m, 'rule', 'warning'));

  if (isTreeDraft(draft)) {
    const seen = new Set([draft.clientId]);
    for (const node of allNodes(draft)) {
      if (seen.has(node.clientId))
        issues.push({
          nodeId: node.clientId,
          message: COMPILER_MESSAGES.duplicateClientId(node.clientId),
          severity: 'error',
          code: 'shape',
        });
      seen.add(node.clientId);
      const message = nodeTitleIssue(`${node.kind}s`, node.title);
      if (message)
        issues.push({
          nodeId: node.clientId,
          field: 'title',
          message,
          severity: 'error',
          code: 'rule',
        });
    }
  }

  if (!saved) {
    const children = countChildren(body);
    if (children > LIMITS.childrenPerCourse)
      issues.push({
        nodeId: draft.clientId,
        message: COMPILER_MESSAGES.splitCreate(children, lessonLeftOut(draft)),
        severity: 'warning',
        code: 'split',
      });
    for (const field of UPDATE_ONLY_ATTRIBUTES)
      if (draft.attributes[field] !== undefined)
        at([field], COMPILER_MESSAGES.updateOnlyOnCreate(field), 'rule', 'warning');
  }
  return dedupeIssues(issues);
}

/**
 * The title of the lesson holding the first node left out of a split create (the plan's first
 * request takes the first nodes in outline order, plan-create.ts); null when that node is no lesson's.
 */
function lessonLeftOut(draft: CourseDraft): string | null {
  if (!isTreeDraft(draft)) return null;
  const nodes = allNodes(draft);
  const first = nodes[LIMITS.childrenPerCourse];
  if (!first) return null;
  if (first.kind === 'lesson') return first.title;
  const lesson = nodes
    .slice(0, LIMITS.childrenPerCourse)
    .findLast((node) => node.kind === 'lesson' || node.kind === 'section');
  return first.kind === 'topic' && lesson?.kind === 'lesson' ? lesson.title : null;
}

/**
 * The update rule's wording for an empty section, lesson or topic title (spec 4.2). The rule only
 * looks at whether the title is blank, so it is asked once per level and blankness, not per node.
 */
const titleMessages = new Map<string, string | undefined>();
function nodeTitleIssue(array: string, title: unknown): string | undefined {
  const blank = typeof title !== 'string' || title.trim() === '';
  const key = `${array}|${blank}`;
  if (!titleMessages.has(key)) {
    const probe = { [array]: [{ id: 'probe', title: blank ? '' : 'x' }] };
    const issue = updateRuleIssues(probe, () => undefined).find((i) => i.path.at(-1) === 'title');
    titleMessages.set(key, issue?.message);
  }
  return titleMessages.get(key);
}

function alternateAssetRule(item: Record<string, unknown>, report: (message: string) => void) {
  const asset = item.videoAsset;
  if (typeof asset === 'string' && Uuid.safeParse(asset).success && item.assetType === undefined)
    report(COMPILER_MESSAGES.alternateAssetTypeRequired);
}

const toPath = (path: readonly PropertyKey[]): Path =>
  path.map((key) => (typeof key === 'number' ? key : String(key)));

const allowedByType = new Map<TopicType, Set<string>>();
const allowedFields = (type: TopicType): Set<string> => {
  let allowed = allowedByType.get(type);
  if (!allowed) allowedByType.set(type, (allowed = new Set(topicFieldsFor(type))));
  return allowed;
};

const isKnownTopicType = (type: string) => (TOPIC_TYPES as readonly string[]).includes(type);
