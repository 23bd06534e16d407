import { describe, expect, it } from 'vitest';
import type { ItemOutcome } from './bulk-runner.ts';
import { REFUSED_WITH_OTHERS, refusalOutcomes, unconfirmedOutcomes } from './refusal-outcomes.ts';

const messagesOf = (outcome: ItemOutcome | undefined) =>
  outcome?.status === 'failed' ? outcome.messages : [];

const chunk = ['a', 'b', 'c'].map((key) => ({ key, title: key.toUpperCase() }));

describe('refusal outcomes', () => {
  it('gives indexed messages to their item (field kept) and the others to every item', () => {
    const outcomes = refusalOutcomes(
      chunk,
      [
        'items[1].priceInCents: too high',
        'items[1].topicId: Topic x does not belong to course y',
        'items[9]: out of the chunk',
        'Some courses not found or unauthorized',
      ],
      400,
    );
    expect(outcomes.get('b')).toEqual({
      status: 'failed',
      messages: [
        'priceInCents: too high',
        'topicId: Topic x does not belong to course y',
        'items[9]: out of the chunk',
        'Some courses not found or unauthorized',
      ],
      httpStatus: 400,
    });
    expect(messagesOf(outcomes.get('a'))).toEqual([
      'items[9]: out of the chunk',
      'Some courses not found or unauthorized',
    ]);
  });

  it('tells an item no message names that the chunk failed because of others', () => {
    const outcomes = refusalOutcomes(chunk, ['items[0]: bad'], 400);
    expect(messagesOf(outcomes.get('c'))).toEqual([REFUSED_WITH_OTHERS]);
    expect(messagesOf(outcomes.get('a'))).toEqual(['bad']);
  });

  it('fails only the items the answer did not confirm', () => {
    const outcomes = unconfirmedOutcomes(chunk, (item) => item.key !== 'b', 'not confirmed');
    expect([...outcomes.keys()]).toEqual(['b']);
  });
});
