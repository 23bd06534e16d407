// One item of any content search type: its body (`GET /content/{type}/{id}`) as readable text with
// the HTML source on request, and for courses and learning paths their full content
// (`GET /fullContent/{type}/{id}`) as a readable view. Links lead to the item's page and translations.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';
import type { CourseStructure } from '#contract/schemas/read-models.ts';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { htmlToText } from '../../lib/html-text.ts';
import { CONTENT_TYPE_LABELS, CONTENT_TYPE_SINGULAR } from '../../lib/labels/search.ts';
import { contentQueries } from '../../lib/queries/content.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { CourseFullContent } from './course-full-content.tsx';
import { LearningPathFullContent } from './learning-path-full-content.tsx';
import './content-view.css';

export interface ContentViewPageProps {
  type: ContentSearchType;
  id: string;
  /** Draws a course's structure tree (the route brings the course browser's tree). */
  renderStructure?: (structure: CourseStructure) => ReactNode;
}

export function ContentViewPage({ type, id, renderStructure }: ContentViewPageProps) {
  const { data: item } = useSuspenseQuery(contentQueries.body(type, id));
  usePageTitle(item.title);
  const text = htmlToText(item.body);
  const translatable = type === 'courses' || type === 'learningPaths' || type === 'courseGroups';
  return (
    <div className="page content-view">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/search" search={{ types: type }}>
              {CONTENT_TYPE_LABELS[type]}
            </Link>
          </li>
          <li aria-current="page">{item.title}</li>
        </ol>
      </nav>
      <div className="page__header">
        <div className="content-view__heading">
          <p className="content-view__type">{CONTENT_TYPE_SINGULAR[type]}</p>
          <h1 className="page__title">{item.title}</h1>
          <p className="page__lead">
            Slug <span className="mono">{item.slug}</span> · id{' '}
            <span className="mono break">{item.id}</span>
          </p>
        </div>
        <div className="content-view__links">
          <OwnPageLink type={type} id={id} />
          {translatable ? (
            <Link to="/translations/$type/$id" params={{ type, id }} className="btn btn--secondary">
              Translations
            </Link>
          ) : null}
        </div>
      </div>
      <section className="card" aria-labelledby="body-heading">
        <h2 className="card__title" id="body-heading">
          Body
        </h2>
        {text ? (
          <p className="content-view__text">{text}</p>
        ) : (
          <p className="muted">This item has no body text.</p>
        )}
        {item.body ? (
          <details className="content-view__source">
            <summary>HTML source</summary>
            <pre className="code-block">{item.body}</pre>
          </details>
        ) : null}
      </section>
      {type === 'courses' || type === 'learningPaths' ? (
        <QueryBoundary resetKeys={[type, id]} title="The full content did not load">
          <Suspense fallback={<PendingState label="Loading the full content" />}>
            {type === 'courses' ? (
              <CourseFullContent id={id} renderStructure={renderStructure} />
            ) : (
              <LearningPathFullContent id={id} />
            )}
          </Suspense>
        </QueryBoundary>
      ) : null}
    </div>
  );
}

function OwnPageLink({ type, id }: { type: ContentSearchType; id: string }) {
  if (type === 'courseGroups')
    return (
      <Link to="/course-groups/$groupId" params={{ groupId: id }} className="btn btn--secondary">
        Open the group page
      </Link>
    );
  if (type === 'learningPaths')
    return (
      <Link to="/learning-paths" search={{ id }} className="btn btn--secondary">
        Open the learning path page
      </Link>
    );
  return null;
}
