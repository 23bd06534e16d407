// The course checks' local web server for e2e: one per worker, on 127.0.0.2 (loopback, allowed to the
// worker's console server by LECTERN_URL_ALLOWLIST=127.0.0.2 in support/console-server.ts, while
// 127.0.0.1 stays refused), on a port of the worker's own range (support/env.ts).
import { startLinkServer, type LinkServer } from '../../test/helpers/link-server.ts';
import { test as base } from '../support/fixtures.ts';
import { workerPorts } from '../support/env.ts';
import type { SandboxClient } from '../support/sandbox.ts';

export const LINK_HOST = '127.0.0.2';

export const test = base.extend<object, { links: LinkServer }>({
  links: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const links = await startLinkServer({
        host: LINK_HOST,
        port: workerPorts(workerInfo.parallelIndex).linkServer,
        slowMs: 10_000,
      });
      await use(links);
      await links.close();
    },
    { scope: 'worker' },
  ],
});

/** A course group made from create attributes (a course's sections, lessons and topics as given). */
export async function createGroup(
  sandbox: SandboxClient,
  attributes: Record<string, unknown>,
): Promise<{ courseId: string; groupId: string }> {
  const created = await sandbox.api<{ courseIds: string[]; courseGroupIds: string[] }>(
    'POST',
    '/content/course/create',
    { courseAttributes: [{ kind: 'courseGroup', ...attributes }] },
  );
  return { courseId: created.courseIds[0]!, groupId: created.courseGroupIds[0]! };
}
