// `PUT /content/{id}/releaseContent` (spec 4.4, 3): release -> published, unrelease -> draft. A
// course group's status is its display course's (storage/records.ts), so it follows at once.
import {
  READ_MESSAGES,
  type ReleaseContentRequest,
  type ReleaseContentResponse,
} from '#contract/index.ts';
import type { SandboxDeps } from '../../deps.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';
import { createLearningPathRepository } from '../../storage/learning-path-repository.ts';

export function createReleaseService(deps: SandboxDeps) {
  const courses = createCourseRepository(deps.db);
  const paths = createLearningPathRepository(deps.db);

  function releaseContent(
    companyId: string,
    id: string,
    request: Pick<ReleaseContentRequest, 'kind' | 'action'>,
  ): ReleaseContentResponse {
    const status = request.action === 'release' ? 'published' : 'draft';
    const at = new Date(deps.now()).toISOString();
    const changed =
      request.kind === 'course'
        ? courses.setStatus(companyId, id, status, at)
        : paths.setStatus(companyId, id, status, at);
    if (!changed)
      throw new NotFoundError(
        READ_MESSAGES.notFound(request.kind === 'course' ? 'Course' : 'Learning path', id),
      );
    return { id, status };
  }

  return { releaseContent };
}
export type ReleaseService = ReturnType<typeof createReleaseService>;
