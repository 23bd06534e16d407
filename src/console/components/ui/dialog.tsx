// Every modal and confirmation goes through Radix Dialog: focus trap, Escape, labelled title/description.
import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button.tsx';
import { ErrorState } from './error-state.tsx';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

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

export function DialogContent({
  title,
  description,
  children,
  size = 'md',
  placement = 'center',
  locked = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: DialogContentProps) {
  const prevent = (event: Event) => {
    if (locked) event.preventDefault();
  };
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="dialog-overlay" />
      <RadixDialog.Content
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
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** What will happen, stated before it happens (cascades included). */
  description: ReactNode;
  confirmLabel: string;
  tone?: Extract<ButtonVariant, 'primary' | 'danger'>;
  onConfirm(): Promise<unknown> | void;
  /** Keeps the confirm button disabled, e.g. while the current state is read or when it forbids the action. */
  confirmDisabled?: boolean;
  children?: ReactNode;
}

/** A confirmation whose confirm button stays busy until the action settles, then closes itself. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  onConfirm,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (failure) {
      // Shown inside the dialog with the API's exact messages; the user may try again or cancel.
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent title={title} description={description} locked={pending}>
        {children}
        {error ? <ErrorState compact error={error} title="Not done" /> : null}
        <div className="dialog__actions">
          <DialogClose asChild>
            <Button disabled={pending}>Cancel</Button>
          </DialogClose>
          <Button variant={tone} pending={pending} disabled={confirmDisabled} onClick={confirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
