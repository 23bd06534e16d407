// XLIFF 1.2 files for translation round trips: build one from translatable units, read one back.
// Sources and targets are HTML fragments; they travel escaped on the way out, and on the way in both
// escaped and raw inline markup are accepted (translation tools produce either).
import { XMLParser, XMLValidator } from 'fast-xml-parser';

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
  if (XMLValidator.validate(xml) !== true) return undefined;
  let root: XmlNode;
  try {
    root = parser.parse(xml) as XmlNode;
  } catch {
    return undefined;
  }
  const xliff = root.xliff;
  if (typeof xliff !== 'object' || xliff === null) return undefined;
  const file = asList((xliff as XmlNode).file)[0];
  if (!file) return undefined;
  const body = asList(file.body)[0] ?? {};
  const attribute = (node: XmlNode, name: string) => {
    const value = node[`@_${name}`];
    return typeof value === 'string' ? decodeEntities(value) : undefined;
  };
  const units = collectUnits(body);
  const unitIds = units.flatMap((unit) => attribute(unit, 'id') ?? []);
  const targets = units.flatMap((unit) => {
    const id = attribute(unit, 'id');
    if (id === undefined || unit.target === undefined) return [];
    const target = textOf(unit.target);
    return target.trim() === '' ? [] : [{ id, target }];
  });
  return {
    original: attribute(file, 'original'),
    targetLanguage: attribute(file, 'target-language'),
    unitIds,
    targets,
  };
}
