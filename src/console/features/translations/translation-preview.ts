// What a translated XLIFF file would do before it is sent: its target language, how many units it has,
// how many are still untranslated, a few source/target pairs, and the reason it would be refused (the
// contract's upload rules, checked against the units of the item's own file). A refused file is never
// sent.
import { buildXliff, readXliff, xliffUploadIssue, type XliffPreview } from '#contract/xliff.ts';

export interface TranslationPreview {
  /** Why the file cannot be uploaded; null when it can. */
  issue: string | null;
  file: XliffPreview | null;
  /** Units learners see: counted, sampled. */
  translated: number;
  untranslated: number;
  /** Units of hidden sections ("Unused") in the file: not counted above. */
  hidden: number;
  /** The first translated units, for a look at what the file says. */
  samples: { id: string; source: string; target: string; note: string | undefined }[];
}

const SAMPLE_COUNT = 4;

export function previewTranslation(
  xml: string,
  item: { original: string; unitIds: ReadonlySet<string>; hidden?: ReadonlySet<string> },
): TranslationPreview {
  const reading = readXliff(xml);
  if (!reading.ok)
    return {
      issue: `This is not an XLIFF 1.2 file: ${reading.reason}.`,
      file: null,
      translated: 0,
      untranslated: 0,
      hidden: 0,
      samples: [],
    };
  const { file } = reading;
  const seen = file.units.filter((unit) => !item.hidden?.has(unit.id));
  const translated = seen.filter((unit) => unit.target !== null);
  return {
    issue: xliffUploadIssue(file, item.original, item.unitIds),
    file,
    translated: translated.length,
    untranslated: seen.length - translated.length,
    hidden: file.units.length - seen.length,
    samples: translated
      .slice(0, SAMPLE_COUNT)
      .map((unit) => ({ id: unit.id, source: unit.source, target: unit.target!, note: unit.note })),
  };
}

/** The units of a file read back from the API; none when it cannot be read. */
export function unitsOf(xml: string): XliffPreview['units'] {
  const reading = readXliff(xml);
  return reading.ok ? reading.file.units : [];
}

/** The unit ids of the item's own (downloaded) file: an upload may name only these. */
export function unitIdsOf(xml: string): Set<string> {
  const reading = readXliff(xml);
  return new Set(reading.ok ? reading.file.unitIds : []);
}

/**
 * The item's file without the units of hidden sections, for translators: what learners never see is
 * not theirs to translate. The file is returned as it came when nothing is hidden or it cannot be read.
 */
export function withoutHiddenUnits(
  xml: string,
  hidden: ReadonlySet<string>,
): { xml: string; left: number } {
  const reading = readXliff(xml);
  if (!reading.ok || hidden.size === 0) return { xml, left: 0 };
  const { file } = reading;
  const kept = file.units.filter((unit) => !hidden.has(unit.id));
  if (kept.length === file.units.length) return { xml, left: 0 };
  return {
    xml: buildXliff({
      original: file.original ?? '',
      sourceLanguage: file.sourceLanguage ?? 'en',
      targetLanguage: file.targetLanguage,
      units: kept.map((unit) => ({
        id: unit.id,
        source: unit.source,
        note: unit.note ?? '',
        target: unit.target ?? undefined,
      })),
    }),
    left: file.units.length - kept.length,
  };
}
