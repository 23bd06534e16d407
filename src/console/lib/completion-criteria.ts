// Plain-language descriptions of completion criteria (spec 2.5).
import type { CompletionCriteriaType } from '#contract/enums.ts';
import { COMPLETION_CRITERIA_LABELS } from './labels/criteria.ts';

export interface CriterionLike {
  type: CompletionCriteriaType;
  coursePercentViewed?: number | undefined;
  articlePercentViewed?: number | undefined;
  videoPercentViewed?: number | undefined;
  articleTimeViewedInSeconds?: number | undefined;
  videoTopicId?: string | null | undefined;
  topicId?: string | null | undefined;
}

/** `carrierId`: the topic holding the criterion, which it refers to when it names no topic. */
export function describeCriterion(
  criterion: CriterionLike,
  topicTitle: (id: string) => string | undefined,
  carrierId?: string,
): string {
  const label = COMPLETION_CRITERIA_LABELS[criterion.type];
  switch (criterion.type) {
    case 'coursePercentViewed':
      return `${label}: ${criterion.coursePercentViewed ?? '?'}%`;
    case 'articlePercentViewed':
      return `${label}: ${criterion.articlePercentViewed ?? '?'}%`;
    case 'videoPercentViewed': {
      const videoId = criterion.videoTopicId ?? carrierId;
      const video = videoId ? topicTitle(videoId) : undefined;
      return `${label}: ${criterion.videoPercentViewed ?? '?'}%${video ? ` of “${video}”` : ''}`;
    }
    case 'articleTimeViewedInSeconds':
      return `${label}: ${criterion.articleTimeViewedInSeconds ?? '?'} s`;
    default: {
      const id = criterion.topicId ?? criterion.videoTopicId ?? carrierId;
      const title = id ? topicTitle(id) : undefined;
      return title ? `${label}: “${title}”` : label;
    }
  }
}
