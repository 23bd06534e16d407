// XLIFF 1.2 files for translation round trips (spec 4.4 `.xlf`; the format's details are not shown by
// the spec, so this is Lectern's reading of XLIFF 1.2): build one from translatable units, read one
// back, and the rules an upload must meet. The sandbox stores uploads by these rules and the console
// previews a file by them before sending it, so both judge a file the same way.
// Sources and targets are HTML fragments; they travel escaped on the way out, and on the way in both
// escaped and raw inline markup are accepted (translation tools produce either).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { READ_MESSAGES } from './messages.ts';
import { LANGUAGE_CODE_PATTERN } from './primitives.ts';

export interface TranslationUnit {
  id: string;
  source: string;
  /** Shown to translators, e.g. "Topic title". */
  note: string;
  target?: string | undefined;
}

export interface XliffDocument {
  original: string;
  sourceLanguage: string;
  targetLanguage?: string | undefined;
  units: readonly TranslationUnit[];
}

const escapeXml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function buildXliff(doc: XliffDocument): string {
  const target = doc.targetLanguage ? ` target-language="${escapeXml(doc.targetLanguage)}"` : '';
  const units = doc.units.map((unit) =>
    [
      `      <trans-unit id="${escapeXml(unit.id)}" resname="${escapeXml(unit.id)}">`,
      `        <source>${escapeXml(unit.source)}</source>`,
      ...(unit.target !== undefined ? [`        <target>${escapeXml(unit.target)}</target>`] : []),
      `        <note>${escapeXml(unit.note)}</note>`,
      '      </trans-unit>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    `  <file original="${escapeXml(doc.original)}" source-language="${escapeXml(doc.sourceLanguage)}"${target} datatype="html">`,
    '    <body>',
    ...units,
    '    </body>',
    '  </file>',
    '</xliff>',
    '',
  ].join('\n');
}

export interface ParsedXliff {
  original: string | undefined;
  targetLanguage: string | undefined;
  /** Every trans-unit id of the file, translated or not. */
  unitIds: string[];
  /** Units that carry a non-empty target: those directly in <body> first, then those in groups. */
  targets: { id: string; target: string }[];
}

/** A file read for a preview: everything in ParsedXliff, plus each unit's source, target and note. */
export interface XliffPreview extends ParsedXliff {
  sourceLanguage: string | undefined;
  /** Every unit in the same order as `targets` (body first, then groups); `target` null when empty. */
  units: { id: string; source: string; target: string | null; note: string | undefined }[];
}

export type XliffReading = { ok: true; file: XliffPreview } | { ok: false; reason: string };

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Keep the inner text of sources and targets verbatim: they may hold inline HTML.
  stopNodes: ['*.source', '*.target'],
  processEntities: false,
});

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name] ?? whole;
  });
}

/** Text content of a stop node: entities decoded, CDATA sections taken literally. */
function textOf(node: unknown): string {
  const raw = typeof node === 'string' ? node : String((node as XmlNode | null)?.['#text'] ?? '');
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeEntities(part)))
    .join('');
}

const asList = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (item): item is XmlNode => typeof item === 'object' && item !== null,
  );

/** Trans-units directly in `node` and inside any `<group>` below it. */
function collectUnits(node: XmlNode): XmlNode[] {
  return [
    ...asList(node['trans-unit']),
    ...asList(node.group).flatMap((group) => collectUnits(group)),
  ];
}

/** Undefined when the text is not an XLIFF document. */
export function parseXliff(xml: string): ParsedXliff | undefined {
  const reading = readXliff(xml);
  if (!reading.ok) return undefined;
  const { original, targetLanguage, unitIds, targets } = reading.file;
  return { original, targetLanguage, unitIds, targets };
}

/** Reads a file, or says why it is not an XLIFF 1.2 document (with the line and column of the fault). */
export function readXliff(xml: string): XliffReading {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return { ok: false, reason: `${msg} (line ${line}, column ${col})` };
  }
  let root: XmlNode;
  try {
    root = parser.parse(xml) as XmlNode;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const xliff = root.xliff;
  if (typeof xliff !== 'object' || xliff === null)
    return { ok: false, reason: 'The root element is not <xliff>' };
  const file = asList((xliff as XmlNode).file)[0];
  if (!file) return { ok: false, reason: '<xliff> has no <file> element' };
  const body = asList(file.body)[0] ?? {};
  const attribute = (node: XmlNode, name: string) => {
    const value = node[`@_${name}`];
    return typeof value === 'string' ? decodeEntities(value) : undefined;
  };
  const units = collectUnits(body).flatMap((unit) => {
    const id = attribute(unit, 'id');
    if (id === undefined) return [];
    const target = unit.target === undefined ? '' : textOf(unit.target);
    const note: unknown = Array.isArray(unit.note) ? unit.note[0] : unit.note;
    return [
      {
        id,
        source: unit.source === undefined ? '' : textOf(unit.source),
        target: target.trim() === '' ? null : target,
        note: note === undefined ? undefined : textOf(note),
      },
    ];
  });
  return {
    ok: true,
    file: {
      original: attribute(file, 'original'),
      sourceLanguage: attribute(file, 'source-language'),
      targetLanguage: attribute(file, 'target-language'),
      unitIds: units.map((unit) => unit.id),
      targets: units.flatMap((unit) =>
        unit.target === null ? [] : [{ id: unit.id, target: unit.target }],
      ),
      units,
    },
  };
}

/**
 * Why an upload of `file` for the item `original` (`courses/<id>`) is refused, in the order the API
 * checks; null when it may be stored. `knownUnitIds`: the units of the item's downloaded file.
 */
export function xliffUploadIssue(
  file: ParsedXliff,
  original: string,
  knownUnitIds: ReadonlySet<string>,
): string | null {
  const language = file.targetLanguage;
  if (!language) return READ_MESSAGES.xliffTargetLanguageRequired;
  if (!LANGUAGE_CODE_PATTERN.test(language)) return READ_MESSAGES.languageInvalid;
  if (file.original !== undefined && file.original !== original)
    return READ_MESSAGES.xliffOriginalMismatch(original);
  const unknown = [...new Set(file.unitIds.filter((unitId) => !knownUnitIds.has(unitId)))];
  if (unknown.length > 0) return READ_MESSAGES.xliffUnknownUnits(unknown);
  if (file.targets.length === 0) return READ_MESSAGES.xliffNoUnits;
  return null;
}
