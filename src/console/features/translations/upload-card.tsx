// Upload a translated XLIFF file: pick it, see what it holds and whether the API would take it, then
// send it as `text/xml`. A file the contract's rules refuse is never sent.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';
import { LIMITS } from '#contract/limits.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { useLateModule } from '../../components/late-module.ts';
import { uploadTranslation } from '../../lib/content-api.ts';
import { plural } from '../../lib/format.ts';
import { translationQueries } from '../../lib/queries/translations.ts';
import { readTextFile } from '../../lib/save-file.ts';
import { TranslationCode } from './translation-code.ts';
import { useHiddenUnits } from './use-hidden-units.ts';

interface PickedFile {
  name: string;
  xml: string;
}

export function UploadCard({
  type,
  id,
  onUploaded,
}: {
  type: ContentSearchType;
  id: string;
  onUploaded(language: string): void;
}) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const source = useQuery(translationQueries.file(type, id));
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  // The reader loads after the page's first content: a file picked before it reads as being read.
  const code = useLateModule(TranslationCode, picked !== null);
  const knownUnits = useMemo(
    () => (source.data && code ? code.unitIdsOf(source.data) : null),
    [source.data, code],
  );
  const hidden = useHiddenUnits(type, id);
  const preview = useMemo(
    () =>
      picked && knownUnits && code
        ? code.previewTranslation(picked.xml, {
            original: `${type}/${id}`,
            unitIds: knownUnits,
            hidden,
          })
        : null,
    [picked, knownUnits, hidden, type, id, code],
  );
  const upload = useMutation({
    mutationFn: (xml: string) => uploadTranslation(type, id, xml),
    onSuccess: async () => {
      const language = preview?.file?.targetLanguage;
      await queryClient.invalidateQueries({ queryKey: [...translationQueries.all, type, id] });
      if (language) onUploaded(language);
    },
  });

  const pick = async (file: File | undefined) => {
    upload.reset();
    setPicked(null);
    setReadError(null);
    if (!file) return;
    try {
      setPicked({ name: file.name, xml: await readTextFile(file, LIMITS.requestBodyBytes) });
    } catch (error) {
      setReadError(error instanceof Error ? error.message : String(error));
    }
  };

  const language = preview?.file?.targetLanguage;
  return (
    <section className="card" aria-labelledby="upload-heading">
      <h2 className="card__title" id="upload-heading">
        Upload a translation
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Translated XLIFF file
        </label>
        <input
          id={inputId}
          type="file"
          className="input input--file"
          accept=".xlf,.xliff,.xml,application/xliff+xml,application/xml,text/xml"
          onChange={(event) => void pick(event.target.files?.[0])}
        />
      </div>
      {source.isError ? (
        <ErrorState compact error={source.error} title="The item's own file did not load" />
      ) : null}
      {readError ? (
        <p className="field__error" role="alert">
          {readError}
        </p>
      ) : null}
      {picked && !preview && !source.isError ? <p className="muted">Reading the file…</p> : null}
      {picked && preview ? (
        <div className="upload-preview" data-testid="translation-preview">
          <h3 className="upload-preview__title">
            Preview of <span className="mono">{picked.name}</span>
          </h3>
          {preview.file ? (
            <dl className="upload-preview__counts">
              <div>
                <dt>Target language</dt>
                <dd>{preview.file.targetLanguage ?? 'none given'}</dd>
              </div>
              <div>
                <dt>Units learners see</dt>
                <dd>{preview.file.units.length - preview.hidden}</dd>
              </div>
              <div>
                <dt>Translated</dt>
                <dd>{preview.translated}</dd>
              </div>
              <div>
                <dt>Left untranslated</dt>
                <dd>{preview.untranslated}</dd>
              </div>
              {preview.hidden > 0 ? (
                <div>
                  <dt>In hidden sections (not counted)</dt>
                  <dd>{preview.hidden}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {preview.samples.length > 0 ? (
            <ul className="unit-pairs" aria-label="Examples from the file">
              {preview.samples.map((sample) => (
                <li key={sample.id}>
                  <span className="unit-pairs__note">{sample.note ?? sample.id}</span>
                  <span className="unit-pairs__source">{sample.source}</span>
                  <span className="unit-pairs__arrow" aria-label="translated as">
                    →
                  </span>
                  <span className="unit-pairs__target">{sample.target}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {preview.issue ? (
            <p className="form-error" role="alert">
              Not uploaded: {preview.issue}
            </p>
          ) : (
            <div className="panel__actions">
              <Button
                variant="primary"
                pending={upload.isPending}
                disabled={upload.isSuccess}
                onClick={() => upload.mutate(picked.xml)}
              >
                Upload {plural(preview.translated, 'translation')} ({language})
              </Button>
            </div>
          )}
        </div>
      ) : null}
      {upload.isError ? (
        <ErrorState compact error={upload.error} title="The translation was not stored" />
      ) : null}
      <p role="status" className="upload-result">
        {upload.isSuccess
          ? `Stored ${plural(upload.data.updatedFields.length, 'translation')} in ${language}.`
          : ''}
      </p>
    </section>
  );
}
