// The preview of what the grid would change: how many prices, the old and new totals and the net
// change, and how many typed prices are not valid yet.
import { Button } from '../../components/ui/button.tsx';
import { formatCount, plural } from '../../lib/format.ts';
import { formatCents, formatCentsDelta } from '../../lib/money.ts';
import type { PricePreview } from './price-model.ts';

export function PriceSummary({
  preview,
  canApply,
  onReview,
  onDiscard,
  onShowChanged,
}: {
  preview: PricePreview;
  canApply: boolean;
  onReview(): void;
  onDiscard(): void;
  onShowChanged(): void;
}) {
  const { changes, invalid } = preview;
  const dirty = changes.length > 0 || invalid.length > 0;
  return (
    <section className="card price-summary" aria-labelledby="summary-heading">
      <h2 className="card__title" id="summary-heading">
        Preview
      </h2>
      <p className="price-summary__line" role="status" data-testid="price-preview">
        {changes.length === 0
          ? 'No price changes yet.'
          : `${plural(changes.length, 'price change')} · total ${formatCents(preview.oldTotal)} → ${formatCents(preview.newTotal)} (${formatCentsDelta(preview.newTotal - preview.oldTotal)})`}
      </p>
      {invalid.length > 0 ? (
        <p className="field__error" data-testid="price-invalid">
          {plural(invalid.length, 'new price is', 'new prices are')} not valid and will not be sent
          until fixed (the first: {invalid[0]!.course.title}: {invalid[0]!.message})
        </p>
      ) : null}
      {dirty ? (
        <div className="panel__actions">
          {canApply ? (
            <Button variant="primary" disabled={changes.length === 0} onClick={onReview}>
              Review and send {formatCount(changes.length)}…
            </Button>
          ) : null}
          <Button onClick={onShowChanged}>Show only these</Button>
          <Button variant="ghost" onClick={onDiscard}>
            Discard all
          </Button>
        </div>
      ) : null}
    </section>
  );
}
