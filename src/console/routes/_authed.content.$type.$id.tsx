// One item of a content search type: its body, and for courses and learning paths the full content.
// The course structure tree comes from the course browser's feature.
import { createFileRoute } from '@tanstack/react-router';
import { CourseStructureTree } from '../features/course-detail/course-structure-tree.tsx';
import { ContentViewPage } from '../features/content-view/content-view-page.tsx';
import { contentItemParams } from '../lib/content-item-params.ts';
import { contentQueries } from '../lib/queries/content.ts';

export const Route = createFileRoute('/_authed/content/$type/$id')({
  params: contentItemParams,
  loader: async ({ context: { queryClient }, params: { type, id } }) => {
    if (type === 'courses' || type === 'learningPaths')
      void queryClient.prefetchQuery(contentQueries.full(type, id));
    await queryClient.ensureQueryData(contentQueries.body(type, id));
  },
  component: ContentViewRoute,
});

function ContentViewRoute() {
  const { type, id } = Route.useParams();
  return (
    <ContentViewPage
      type={type}
      id={id}
      renderStructure={(structure) => <CourseStructureTree structure={structure} />}
    />
  );
}
