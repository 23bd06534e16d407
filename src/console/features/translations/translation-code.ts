// The XLIFF reader and writer (fast-xml-parser and the contract's upload rules, about 20 KB gzip): no
// first content of the translations page reads a file, so they load after it, or when a file is first
// read (docs/decisions/loading-strategy.md).
import { lateModule } from '../../components/late-component.tsx';

export const TranslationCode = lateModule(() => import('./translation-preview.ts'));
