// Radix Dialog's part of every dialog: loaded the first time one opens (or just after the first page's
// content, `preloadDialogFrame` in dialog.tsx), since its focus trap, scroll lock and layers (some 14 KB
// gzip) are needed by no page before it shows.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** What every dialog's content takes (dialog.tsx's DialogContent); here so the two files form no circle. */
export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** `wide`: most of the screen (a JSON preview, a table of changes). */
  size?: 'md' | 'lg' | 'wide';
  /** Side sheet (the jobs tray) instead of a centred dialog. */
  placement?: 'center' | 'side';
  /** Stops Escape/outside clicks from closing the dialog, e.g. while a bulk run is in flight. */
  locked?: boolean;
  /** Where focus goes as the dialog opens (preventDefault, then focus it); Radix's first tabbable. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where focus goes as it closes; by default back to what opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

export interface DialogFrameProps extends DialogContentProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The content's id, which the trigger names in aria-controls. */
  contentId: string;
}

/** Radix's root, portal, overlay and content: focus trap, Escape, labelled title and description. */
export function DialogFrame({
  open,
  onOpenChange,
  contentId,
  title,
  description,
  children,
  size = 'md',
  placement = 'center',
  locked = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogFrameProps) {
  const prevent = (event: Event) => {
    if (locked) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          id={contentId}
          className={`dialog dialog--${size} dialog--${placement}`}
          onEscapeKeyDown={prevent}
          onPointerDownOutside={prevent}
          onInteractOutside={prevent}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            {locked ? null : (
              <RadixDialog.Close className="icon-btn" aria-label="Close dialog">
                <span aria-hidden="true">×</span>
              </RadixDialog.Close>
            )}
          </header>
          {description ? (
            <RadixDialog.Description className="dialog__description">
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="visually-hidden">{title}</RadixDialog.Description>
          )}
          <div className="dialog__body">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
