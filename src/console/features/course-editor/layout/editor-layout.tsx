// The editor's three panes: side by side on a wide screen (outline | details | problems and apply),
// and one at a time under tabs (Radix Tabs) on a narrow one, so a phone never scrolls sideways.
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export type EditorTab = 'outline' | 'details' | 'apply';

/** Below this width the panes are tabs. */
export const NARROW_QUERY = '(max-width: 1099px)';

export interface EditorLayoutProps {
  narrow: boolean;
  tab: EditorTab;
  onTab(tab: EditorTab): void;
  outline: ReactNode;
  details: ReactNode;
  side: ReactNode;
  /** Errors to fix, counted on the Apply tab. */
  problems: number;
}

export function EditorLayout({
  narrow,
  tab,
  onTab,
  outline,
  details,
  side,
  problems,
}: EditorLayoutProps) {
  if (!narrow)
    return (
      <div className="course-editor__grid">
        {outline}
        {details}
        {side}
      </div>
    );
  return (
    <Tabs.Root
      className="editor-tabs"
      value={tab}
      onValueChange={(value) => onTab(value as EditorTab)}
    >
      <Tabs.List className="editor-tabs__list" aria-label="Editor panes">
        <Tabs.Trigger className="editor-tabs__tab" value="outline">
          Outline
        </Tabs.Trigger>
        <Tabs.Trigger className="editor-tabs__tab" value="details">
          Details
        </Tabs.Trigger>
        <Tabs.Trigger className="editor-tabs__tab" value="apply">
          Apply
          {problems > 0 ? (
            <span className="badge badge--danger">
              {problems}
              <span className="visually-hidden"> {problems === 1 ? 'problem' : 'problems'}</span>
            </span>
          ) : null}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content className="editor-tabs__panel" value="outline">
        {outline}
      </Tabs.Content>
      <Tabs.Content className="editor-tabs__panel" value="details">
        {details}
      </Tabs.Content>
      <Tabs.Content className="editor-tabs__panel" value="apply">
        {side}
      </Tabs.Content>
    </Tabs.Root>
  );
}
