// Shared wire primitives. `.meta()` feeds the generated OpenAPI document.
import { z } from './zod.ts';

export const Uuid = z.uuid().register(z.globalRegistry, { description: 'UUID' });

export const IsoDate = z
  .string()
  .check(
    z.refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
      message: 'must be an ISO 8601 date',
    }),
  )
  .register(z.globalRegistry, { format: 'date-time', description: 'ISO 8601 date or date-time' });

export const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const NonNegativeInt = z.int().check(z.gte(0));

/** Custom fields: slug -> string | string[] | null (spec 2.2). Shape errors get the spec's wording. */
export const CustomFields = z
  .record(z.string(), z.union([z.string(), z.array(z.string()), z.null()]))
  .register(z.globalRegistry, {
    description: 'Map of slug to a string, an array of strings, or null.',
  });

export const SessionCustomFields = z
  .record(z.string(), z.unknown())
  .register(z.globalRegistry, { description: 'Session-level custom fields (any JSON object).' });

/** A BCP 47-style language code (`fr`, `pt-BR`), as used by XLIFF target-language. */
export const LANGUAGE_CODE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
