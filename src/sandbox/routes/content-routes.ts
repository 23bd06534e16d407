// Content search, item bodies, full content and XLIFF translation files (spec 4.4).
import type { FastifyInstance } from 'fastify';
import { READ_MESSAGES } from '#contract/index.ts';
import type { ContentReadService } from '../services/read/content-read-service.ts';
import type { TranslationService } from '../services/read/translation-service.ts';
import { defineRoute } from './define-route.ts';

const XML_TYPES = ['text/xml', 'application/xml'];

/** 415 with the API's `{ errors }` body (the error handler passes 4xx statuses through). */
const unsupportedMediaType = (received: string) =>
  Object.assign(new Error(READ_MESSAGES.xliffContentType(received)), { statusCode: 415 });

export function registerContentRoutes(
  app: FastifyInstance,
  content: ContentReadService,
  translations: TranslationService,
): void {
  defineRoute(app, 'searchContent', ({ companyId, query }) => {
    const types = query['types[]'];
    return content.search(companyId, {
      ...query,
      types: types === undefined ? undefined : Array.isArray(types) ? types : [types],
    });
  });
  defineRoute(app, 'getContent', ({ companyId, params }) =>
    content.body(companyId, params.type, params.id),
  );
  defineRoute(app, 'getFullContent', ({ companyId, params }) =>
    content.fullContent(companyId, params.type, params.id),
  );
  void app.register(async (xlf) => registerTranslationRoutes(xlf, translations));
}

function registerTranslationRoutes(app: FastifyInstance, translations: TranslationService): void {
  // Any body reaches the upload handler as text, so a wrong Content-Type gets the 415 below (after
  // authentication) instead of a JSON parse error. These parsers exist only in this scope.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  defineRoute(app, 'downloadTranslation', ({ companyId, params, query, reply }) => {
    const xml = translations.download(companyId, params.type, params.id, query.language);
    reply.type('text/xml; charset=utf-8');
    return xml;
  });
  defineRoute(app, 'uploadTranslation', ({ companyId, params, body, request }) => {
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (!XML_TYPES.includes(contentType.toLowerCase()) || typeof body !== 'string')
      throw unsupportedMediaType(contentType);
    return translations.upload(companyId, params.type, params.id, body);
  });
}
