// Translations of a course, a course group or a learning path (spec 4.4 `.xlf`): download the XLIFF
// file, upload a translated one after a preview, and read the stored translations back per language.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';
import { usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { CONTENT_TYPE_SINGULAR } from '../../lib/labels/search.ts';
import { contentQueries } from '../../lib/queries/content.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { DownloadCard } from './download-card.tsx';
import { StoredTranslations } from './stored-translations.tsx';
import { TranslationCode } from './translation-code.ts';
import { UploadCard } from './upload-card.tsx';
import './translations.css';

export interface TranslationsPageProps {
  type: ContentSearchType;
  id: string;
  canUpload: boolean;
}

export function TranslationsPage({ type, id, canUpload }: TranslationsPageProps) {
  const { data: item } = useSuspenseQuery(contentQueries.body(type, id));
  usePageTitle(`Translations of ${item.title}`);
  // The language whose stored translations are shown; an upload switches it to its own.
  const [language, setLanguage] = useState('');
  usePreloadAfterFirstContent(TranslationCode);
  return (
    <div className="page translations">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/content/$type/$id" params={{ type, id }}>
              {item.title}
            </Link>
          </li>
          <li aria-current="page">Translations</li>
        </ol>
      </nav>
      <div className="page__header">
        <div>
          <h1 className="page__title">Translations of “{item.title}”</h1>
          <p className="page__lead">
            {CONTENT_TYPE_SINGULAR[type]} · XLIFF 1.2 files: download one, translate the{' '}
            <code>&lt;target&gt;</code> of each unit, upload it back.
          </p>
        </div>
      </div>
      <div className="translations__grid">
        <DownloadCard type={type} id={id} slug={item.slug} />
        {canUpload ? (
          <UploadCard type={type} id={id} onUploaded={setLanguage} />
        ) : (
          <section className="card" aria-labelledby="upload-heading">
            <h2 className="card__title" id="upload-heading">
              Upload a translation
            </h2>
            <p className="panel__note">
              Uploading translations is done by admins and content managers.
            </p>
          </section>
        )}
      </div>
      <StoredTranslations type={type} id={id} language={language} onLanguageChange={setLanguage} />
    </div>
  );
}
