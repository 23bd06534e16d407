// Where to go after sign-in. Only same-origin paths are accepted: `//evil.example` or
// `https://...` in the redirect parameter must never send a user elsewhere.
export function safeRedirect(target: string | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  if (target.startsWith('/sign-in')) return fallback;
  return target;
}
