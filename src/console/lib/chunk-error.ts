// A lazy part of the console (a route, the editor's dialogs) whose file the server no longer has:
// usually a new version of Lectern was installed while the page was open, so the file names changed.
// Retrying the route cannot help (the browser keeps the failed import); only a reload does.

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload of a chunk's stylesheet
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}
