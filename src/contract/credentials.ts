// The request parameters that carry credentials (spec 4.6 and 5.3): `apiKey` on GraphQL, `secretKey`
// and `jwt` on REST. The console never forwards them from a browser, and no log line shows their value.

export const CREDENTIAL_PARAMS = ['apiKey', 'secretKey', 'jwt'] as const;

const NORMALIZED = CREDENTIAL_PARAMS.map((name) => name.toLowerCase());

/**
 * Whether a (decoded) parameter or field name may be read as a credential by a lenient server: compared
 * without case and without any character other than letters and digits (`secret_key`, `secretKey[]`,
 * `secretKey\0`), and by prefix.
 */
export function isCredentialName(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return NORMALIZED.some((credential) => normalized.startsWith(credential));
}

const REDACTED = '[REDACTED]';
// A query parameter anywhere in a text (a URL in a log line): separator, name, `=`, value.
const PARAM = /([?&;])([^=&;?#\s"'<>\\]{1,100})=([^&;#\s"'<>\\]*)/g;

/** Replaces the value of every credential parameter in the URLs found in `text`. */
export function redactCredentialParams(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(PARAM, (whole, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // Keep the raw name: a malformed escape still gets compared as written.
    }
    return isCredentialName(decoded) ? `${separator}${name}=${REDACTED}` : whole;
  });
}
