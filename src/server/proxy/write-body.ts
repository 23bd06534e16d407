// What a proxied write's body must pass before it is recorded and forwarded, besides the role rules:
// JSON within the contract's depth limit, parseable, without keys named __proto__, constructor or
// prototype (a role rule reads named fields and would never see them), and URLs the instance will fetch
// that do not lead it to internal addresses. Each failure is a 400 whose reason the audit row keeps.
import {
  BulkImportRequest,
  jsonDepthViolation,
  LIMITS,
  prototypeKeyPath,
  WRITE_MESSAGES,
  type Endpoint,
} from '#contract/index.ts';
import { describeRefusal, type AddressGuard } from '../net/address-guard.ts';
import { REFUSALS } from './role-policy.ts';

export type JsonBody = { ok: true; parsed: unknown } | { ok: false; reason: string };

/** The parsed body (undefined when empty), or why it is refused. */
export function parseJsonBody(bytes: Buffer): JsonBody {
  if (bytes.length === 0) return { ok: true, parsed: undefined };
  const text = bytes.toString('utf8');
  // Before parsing: nothing below (the role rules, the summary, JSON.stringify) walks a deeper value.
  const tooDeep = jsonDepthViolation(text, LIMITS.jsonDepth);
  if (tooDeep !== undefined) return { ok: false, reason: WRITE_MESSAGES.jsonTooDeep(tooDeep) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Only a parsed body can be forwarded without its credential fields.
    return { ok: false, reason: REFUSALS.invalidJson };
  }
  const key = prototypeKeyPath(parsed);
  if (key !== undefined) return { ok: false, reason: WRITE_MESSAGES.prototypeKey(key) };
  return { ok: true, parsed };
}

export const URL_REFUSALS = {
  unsupported: (field: string) =>
    `Refused: ${field} must be an http(s) URL written without spaces or backslashes (or a data: URL).`,
  guarded: (field: string, why: string) =>
    `Refused: ${field} ${why}. The learning instance would fetch it, and must not be sent to internal addresses; an administrator can allow a host or range with LECTERN_URL_ALLOWLIST.`,
} as const;

/** Body fields whose URL the instance fetches itself, by the endpoint's body schema. */
function fetchedFields(endpoint: Endpoint): readonly string[] {
  return endpoint.body === BulkImportRequest ? ['bulkImportAssetPath'] : [];
}

/** Why a URL the instance would fetch is refused, or undefined (data: URLs are never fetched). */
export async function fetchedUrlRefusal(
  guard: AddressGuard,
  endpoint: Endpoint,
  parsed: unknown,
): Promise<string | undefined> {
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  for (const field of fetchedFields(endpoint)) {
    if (!Object.hasOwn(parsed, field)) continue;
    const value = (parsed as Record<string, unknown>)[field];
    // Anything but a string is refused by the instance's own validation; it fetches nothing.
    if (typeof value !== 'string' || value.startsWith('data:')) continue;
    const refusal = await guard.checkUrl(value);
    if (!refusal) continue;
    return refusal.kind === 'unsupported'
      ? URL_REFUSALS.unsupported(field)
      : URL_REFUSALS.guarded(field, describeRefusal(refusal));
  }
  return undefined;
}
