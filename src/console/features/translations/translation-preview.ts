// What a translated XLIFF file would do before it is sent: its target language, how many units it has,
// how many are still untranslated, a few source/target pairs, and the reason it would be refused (the
// contract's upload rules, checked against the units of the item's own file). A refused file is never
// sent.
import { readXliff, xliffUploadIssue, type XliffPreview } from '#contract/xliff.ts';

export interface TranslationPreview {
  /** Why the file cannot be uploaded; null when it can. */
  issue: string | null;
  file: XliffPreview | null;
  translated: number;
  untranslated: number;
  /** The first translated units, for a look at what the file says. */
  samples: { id: string; source: string; target: string; note: string | undefined }[];
}

const SAMPLE_COUNT = 4;

export function previewTranslation(
  xml: string,
  item: { original: string; unitIds: ReadonlySet<string> },
): TranslationPreview {
  const reading = readXliff(xml);
  if (!reading.ok)
    return {
      issue: `This is not an XLIFF 1.2 file: ${reading.reason}.`,
      file: null,
      translated: 0,
      untranslated: 0,
      samples: [],
    };
  const { file } = reading;
  const translated = file.units.filter((unit) => unit.target !== null);
  return {
    issue: xliffUploadIssue(file, item.original, item.unitIds),
    file,
    translated: translated.length,
    untranslated: file.units.length - translated.length,
    samples: translated
      .slice(0, SAMPLE_COUNT)
      .map((unit) => ({ id: unit.id, source: unit.source, target: unit.target!, note: unit.note })),
  };
}

/** The unit ids of the item's own (downloaded) file: an upload may name only these. */
export function unitIdsOf(xml: string): Set<string> {
  const reading = readXliff(xml);
  return new Set(reading.ok ? reading.file.unitIds : []);
}
