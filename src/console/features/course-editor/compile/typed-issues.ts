// The problems of what was typed into fields whose value the draft cannot hold (a price of
// `1000000.001`): the compiler never sees such text, so they are listed here, beside its issues, and
// stop an apply like them (applying would send the draft's last amount, not what the box shows).
import type { Issue } from '#compiler/index.ts';
import { readPrice } from '../panels/price-reading.ts';

/** `typed`: the editor store's texts by `${nodeId}|${field}`. */
export function typedIssues(typed: Readonly<Record<string, string>>): Issue[] {
  return Object.entries(typed).flatMap(([key, text]) => {
    const [nodeId = '', field = ''] = key.split('|');
    const reading = field === 'priceInCents' ? readPrice(text) : null;
    if (!reading || !('problem' in reading)) return [];
    return [{ nodeId, field, message: reading.problem, severity: 'error', code: 'rule' } as Issue];
  });
}
