// Sends a group's new catalog thumbnail (an update with `asset`, fetched upstream by a background job
// that the jobs tray follows), then says so in a toast. Loaded after the page's first content, or on
// the first send (group-thumbnail-form.tsx), since no first content sends anything.
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast.tsx';
import { updateCourses } from '../../lib/content-api.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';

export async function replaceThumbnail(
  queryClient: QueryClient,
  group: { id: string; title: string },
  input: { asset: string; assetAltText: string },
  onSaved: () => void,
): Promise<void> {
  const answer = await updateCourses({ courseGroups: [{ id: group.id, ...input }] }, undefined, {
    courseGroupId: group.id,
    title: group.title,
  });
  onSaved();
  await queryClient.invalidateQueries({ queryKey: courseGroupQueries.detail(group.id).queryKey });
  toast.success(
    answer === true
      ? 'Thumbnail updated'
      : `Thumbnail of “${group.title}” queued: follow it in the jobs tray`,
  );
}
