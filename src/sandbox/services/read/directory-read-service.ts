// Tags, users (spec 4.4) and meetings (spec 8): keyset pages of the caller's company, as contract
// records. Users never carry password hashes: the record mapper (toUser) has no such field.
import type { PageRequest } from '../../storage/keyset-pagination.ts';
import { toMeeting, toTag, toUser } from '../../storage/records.ts';
import type { ReadContext } from './read-context.ts';

export function createDirectoryReadService({ directory }: ReadContext) {
  return {
    tags(companyId: string, query: PageRequest) {
      const page = directory.tagsPage(companyId, query);
      return { pageInfo: page.pageInfo, tags: page.rows.map(toTag) };
    },
    users(companyId: string, query: PageRequest) {
      const page = directory.usersPage(companyId, query);
      return { pageInfo: page.pageInfo, users: page.rows.map(toUser) };
    },
    meetings(companyId: string, query: PageRequest) {
      const page = directory.meetingsPage(companyId, query);
      return { pageInfo: page.pageInfo, meetings: page.rows.map(toMeeting) };
    },
  };
}
export type DirectoryReadService = ReturnType<typeof createDirectoryReadService>;
