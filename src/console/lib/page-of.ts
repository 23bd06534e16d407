// Which page a path belongs to, for messages that stay on the page where their action happened
// (toasts, the end of a background job). The editor is one page whether the course is new or saved
// (creating a course moves it from /editor/new to /editor/<id>).
export function pageOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path.startsWith('/editor/') ? '/editor' : path;
}

export const currentPage = (): string =>
  typeof location === 'undefined' ? '/' : pageOf(location.pathname);
