// Download the item's XLIFF file: the source texts only, or with the translations already stored for
// one language filled in as targets.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';
import { Button } from '../../components/ui/button.tsx';
import { plural } from '../../lib/format.ts';
import { hiddenUnitIds } from '../../lib/hidden-sections.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { translationQueries } from '../../lib/queries/translations.ts';
import { saveFile } from '../../lib/save-file.ts';
import { isLanguageCode, LanguageField } from './language-field.tsx';
import { TranslationCode } from './translation-code.ts';

export function DownloadCard({
  type,
  id,
  slug,
}: {
  type: ContentSearchType;
  id: string;
  slug: string;
}) {
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const valid = language === '' || isLanguageCode(language);

  const download = async () => {
    setPending(true);
    setError(null);
    try {
      const xml = await queryClient.fetchQuery(
        translationQueries.file(type, id, language || undefined),
      );
      // Read before the file is saved: a structure still loading must not let hidden units through.
      const hidden =
        type === 'courses'
          ? hiddenUnitIds(await queryClient.fetchQuery(courseQueries.structure(id)))
          : new Set<string>();
      const name = `${slug}${language ? `.${language}` : ''}.xlf`;
      // The reader has loaded after the first content; a click before that waits for it here.
      const { withoutHiddenUnits } = await TranslationCode.preload();
      const file = withoutHiddenUnits(xml, hidden);
      saveFile(name, file.xml, 'application/xliff+xml');
      setSaved(
        file.left > 0
          ? `Saved ${name}, without the ${plural(file.left, 'text')} of hidden sections: learners never see them.`
          : `Saved ${name}.`,
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card" aria-labelledby="download-heading">
      <h2 className="card__title" id="download-heading">
        Download
      </h2>
      <LanguageField
        label="With stored translations in (optional)"
        hint="Leave empty for the source texts only."
        value={language}
        onChange={setLanguage}
      />
      <div className="panel__actions">
        <Button
          variant="primary"
          pending={pending}
          disabled={!valid}
          onClick={() => void download()}
        >
          Download XLIFF
        </Button>
      </div>
      <p role="status" className="card__hint">
        {saved ?? ''}
      </p>
      {error ? <ErrorState compact error={error} title="The file did not download" /> : null}
    </section>
  );
}
