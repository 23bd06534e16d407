// A unique-constraint violation, on either engine: the repositories let it through and the service
// turns it into the 409 that names what is taken.
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '23505' || /UNIQUE constraint failed/.test(message ?? '');
}
