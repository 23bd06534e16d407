// The translations stored for one language, read back from the API: the item's file downloaded with
// `?language=`, unit by unit, source beside target.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLateModule } from '../../components/late-module.ts';
import { plural } from '../../lib/format.ts';
import { translationQueries } from '../../lib/queries/translations.ts';
import { isLanguageCode, LanguageField } from './language-field.tsx';
import { TranslationCode } from './translation-code.ts';

export function StoredTranslations({
  type,
  id,
  language,
  onLanguageChange,
}: {
  type: ContentSearchType;
  id: string;
  language: string;
  onLanguageChange(language: string): void;
}) {
  const valid = isLanguageCode(language);
  const file = useQuery({ ...translationQueries.file(type, id, language), enabled: valid });
  // The reader loads after the page's first content: a file that comes before it reads as loading.
  const code = useLateModule(TranslationCode, file.data !== undefined);
  const units = useMemo(
    () => (file.data && code ? code.unitsOf(file.data) : null),
    [file.data, code],
  );
  const translated = units?.filter((unit) => unit.target !== null).length ?? 0;
  return (
    <section className="card" aria-labelledby="stored-heading">
      <h2 className="card__title" id="stored-heading">
        Stored translations
      </h2>
      <LanguageField
        label="Language"
        hint="What the instance holds for this language, unit by unit."
        value={language}
        onChange={onLanguageChange}
      />
      {(file.isFetching || file.data !== undefined) && !units ? (
        <Spinner size="sm" label="Loading translations" />
      ) : null}
      {file.isError ? (
        <ErrorState compact error={file.error} title="The translations did not load" />
      ) : null}
      {valid && units ? (
        <>
          <p className="card__hint" role="status">
            {plural(translated, 'unit')} of {units.length} translated into {language}.
          </p>
          <ol className="unit-list" aria-label={`Translations into ${language}`}>
            {units.map((unit) => (
              <li key={unit.id} data-translated={unit.target !== null}>
                <span className="unit-list__note">{unit.note ?? unit.id}</span>
                <span className="unit-list__source">{unit.source}</span>
                <span className="unit-list__target">
                  {unit.target ?? <span className="muted">Not translated</span>}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
