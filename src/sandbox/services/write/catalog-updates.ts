// Update of course groups and courses (spec 4.2): supplied fields only, the clearing rules, whole
// replacement of list and custom-field values, and the archive/restore cascade of spec 3.
import { randomUUID } from 'node:crypto';
import {
  CREATE_KINDS,
  stripHtml,
  type CourseGroupUpdate,
  type CourseUpdate,
  type CreateKind,
} from '#contract/index.ts';
import type { Db } from '../../storage/database.ts';
import {
  createCourseGroupRepository,
  newCourseGroupRow,
  type CourseGroupColumns,
} from '../../storage/course-group-repository.ts';
import {
  createCourseRepository,
  newCourseRow,
  type CourseColumns,
} from '../../storage/course-repository.ts';
import { bit } from '../../storage/sql-helpers.ts';
import { CONTENT_TYPE_BY_KIND } from './course-plan.ts';
import type { PlannedUpload } from '../jobs/job-service.ts';
import { uniqueSlug } from './slugs.ts';

const json = (value: unknown) => JSON.stringify(value);
const isCreateKind = (kind: string): kind is CreateKind =>
  (CREATE_KINDS as readonly string[]).includes(kind);

/** Group fields of an update item onto a row: `null` clears, `undefined` leaves the value. */
function mergeGroup(row: CourseGroupColumns, p: CourseGroupUpdate): CourseGroupColumns {
  const next = { ...row };
  if (p.title !== undefined) next.title = p.title;
  if (p.slug !== undefined) next.slug = p.slug;
  if (p.description !== undefined) next.description = p.description ?? '';
  if (p.tagIds !== undefined) next.tag_ids = json(p.tagIds ?? []);
  if (p.authors !== undefined) next.authors = json(p.authors ?? []);
  if (p.source !== undefined) next.source = p.source;
  if (p.customFields !== undefined) next.custom_fields = json(p.customFields ?? {});
  if (p.asset !== undefined) next.asset = p.asset;
  if (p.assetAltText !== undefined) next.asset_alt_text = p.assetAltText;
  if (next.asset && next.asset_alt_text === null) next.asset_alt_text = '';
  if (p.detailAsset !== undefined) next.detail_asset = p.detailAsset;
  if (p.detailAssetAltText !== undefined) next.detail_asset_alt_text = p.detailAssetAltText;
  if (next.detail_asset && next.detail_asset_alt_text === null) next.detail_asset_alt_text = '';
  if (p.ribbon !== undefined) next.ribbon = p.ribbon || null;
  if (p.metaTitle !== undefined) next.meta_title = stripHtml(p.metaTitle);
  if (p.metaDescription !== undefined) next.meta_description = stripHtml(p.metaDescription);
  if (p.archived !== undefined) next.archived = bit(p.archived);
  if (p.relatedCourseGroupIds !== undefined)
    next.related_course_group_ids = json(p.relatedCourseGroupIds ?? []);
  return next;
}

function mergeCourse(row: CourseColumns, p: CourseUpdate): CourseColumns {
  const next = { ...row };
  if (p.courseGroupId !== undefined) next.course_group_id = p.courseGroupId;
  if (p.title !== undefined) next.title = p.title;
  if (p.kind !== undefined) next.kind = p.kind;
  if (p.priceInCents !== undefined) next.price_in_cents = p.priceInCents;
  if (p.freeWithRegistration !== undefined)
    next.free_with_registration = bit(p.freeWithRegistration);
  if (p.purchasable !== undefined) next.purchasable = bit(p.purchasable);
  if (p.status !== undefined) next.status = p.status;
  if (p.customFields !== undefined) next.custom_fields = json(p.customFields ?? {});
  if (p.forceLinearProgress !== undefined) next.force_linear_progress = bit(p.forceLinearProgress);
  if (p.showProgress !== undefined) next.show_progress = bit(p.showProgress);
  if (p.prerequisiteCourseIds !== undefined)
    next.prerequisite_course_ids = json(p.prerequisiteCourseIds ?? []);
  if (p.prerequisiteLearningPathIds !== undefined)
    next.prerequisite_learning_path_ids = json(p.prerequisiteLearningPathIds ?? []);
  return next;
}

/** A session with the create defaults (spec 2.2), used for new courses and new groups. */
function newSessionOf(companyId: string, group: CourseGroupColumns, at: string): CourseColumns {
  return newCourseRow(
    {
      id: randomUUID(),
      company_id: companyId,
      course_group_id: group.id,
      title: group.title,
      kind: isCreateKind(group.kind) ? group.kind : 'courseGroup',
    },
    at,
  );
}

export function createCatalogUpdates(db: Db) {
  const groups = createCourseGroupRepository(db);
  const courses = createCourseRepository(db);
  const one = <T>(map: Map<string, T>, id: string): T => map.get(id)!;

  function updateGroups(
    companyId: string,
    items: CourseGroupUpdate[],
    at: string,
  ): PlannedUpload[] {
    const uploads: PlannedUpload[] = [];
    for (const item of items) {
      let row: CourseGroupColumns;
      if (item.id) {
        const before = one(groups.findByIds(companyId, [item.id]), item.id);
        row = { ...mergeGroup(before, item), updated_at: at };
        groups.update(row);
        // The cascade follows a change of state, so resending `archived: false` with the rest of a
        // group never turns its published courses back into drafts.
        if (row.archived !== before.archived)
          courses.setStatusOfGroup(row.id, row.archived ? 'archived' : 'draft', at);
      } else {
        // A new group gets one draft session, so it holds one or more courses like every group.
        const base = newCourseGroupRow(
          {
            id: randomUUID(),
            company_id: companyId,
            title: item.title ?? '',
            slug: '',
            kind: 'courseGroup',
            content_type: CONTENT_TYPE_BY_KIND.courseGroup,
          },
          at,
        );
        row = mergeGroup(base, item);
        row.slug =
          item.slug ?? uniqueSlug(row.title, (slug) => !!groups.slugOwner(companyId, slug));
        const course = newSessionOf(companyId, row, at);
        if (row.archived) course.status = 'archived';
        row.display_course_id = course.id;
        groups.insert(row);
        courses.insert(course);
      }
      for (const field of ['asset', 'detailAsset'] as const) {
        const url = item[field];
        if (url)
          uploads.push({
            field,
            contentType: 'image',
            url,
            topicId: null,
            courseId: null,
            courseGroupId: row.id,
          });
      }
    }
    return uploads;
  }

  function updateCourses(companyId: string, items: CourseUpdate[], at: string): void {
    for (const item of items) {
      if (item.id) {
        const before = one(courses.findByIds(companyId, [item.id]), item.id);
        const row = { ...mergeCourse(before, item), updated_at: at };
        courses.update(row);
        if (row.course_group_id !== before.course_group_id) {
          reassignDisplay(companyId, before.course_group_id, row.id, at);
          reassignDisplay(companyId, row.course_group_id, null, at);
        }
        continue;
      }
      const group = one(groups.findByIds(companyId, [item.courseGroupId!]), item.courseGroupId!);
      const row = mergeCourse(newSessionOf(companyId, group, at), item);
      courses.insert(row);
      reassignDisplay(companyId, group.id, null, at);
    }
  }

  /** Keeps a group's display course valid after a course left (`leaving`) or joined it. */
  function reassignDisplay(companyId: string, groupId: string, leaving: string | null, at: string) {
    const group = one(groups.findByIds(companyId, [groupId]), groupId);
    if (group.display_course_id && group.display_course_id !== leaving) return;
    groups.setDisplayCourse(groupId, courses.firstOfGroup(groupId) ?? null, at);
  }

  return { updateGroups, updateCourses };
}
