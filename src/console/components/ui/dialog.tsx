// Every modal and confirmation goes through Radix Dialog: focus trap, Escape, labelled title/description.
// Radix's code (dialog-frame.tsx) loads the first time a dialog opens, or once the first page's content
// has painted (preloadDialogFrame): a closed dialog is only its open state and its trigger, kept here.
import {
  cloneElement,
  createContext,
  Suspense,
  use,
  useCallback,
  useId,
  useMemo,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { lateComponent } from '../late-component.tsx';
import { Button, type ButtonVariant } from './button.tsx';
import type { DialogContentProps } from './dialog-frame.tsx';
import { ErrorState } from './error-state.tsx';

/** Radix's part of the dialogs, loaded once; a dialog opened after that shows at once. */
const dialogFrame = lateComponent(() =>
  import('./dialog-frame.tsx').then((module) => module.DialogFrame),
);

/** Starts loading Radix's part of the dialogs (once). */
export const preloadDialogFrame = (): Promise<unknown> => dialogFrame.preload();

interface DialogState {
  open: boolean;
  setOpen(open: boolean): void;
  /** Focus back to its trigger, if it has one (as Radix's root does with its trigger's ref). */
  focusTrigger(): void;
  contentId: string;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(part: string): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error(`${part} must be inside a <Dialog>`);
  return state;
}

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
  children?: ReactNode;
}

/** A dialog's open state (controlled with `open`, or its own), shared by its trigger, close and content. */
export function Dialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  children,
}: DialogProps) {
  const [own, setOwn] = useState(defaultOpen);
  const open = openProp ?? own;
  const contentId = useId();
  // As Radix's root: a change of state is reported once, and only when it is a change.
  const setOpen = useCallback(
    (next: boolean) => {
      if (next === open) return;
      if (openProp === undefined) setOwn(next);
      onOpenChange?.(next);
    },
    [open, openProp, onOpenChange],
  );
  const focusTrigger = useCallback(
    () =>
      document
        .querySelector<HTMLElement>(`[data-dialog-trigger="${CSS.escape(contentId)}"]`)
        ?.focus(),
    [contentId],
  );
  const state = useMemo(
    () => ({ open, setOpen, focusTrigger, contentId }),
    [open, setOpen, focusTrigger, contentId],
  );
  return <DialogContext value={state}>{children}</DialogContext>;
}

type ActionChild = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;

/** The child's own click handler first; ours unless it prevented the default (as Radix's Slot does). */
function chainClick(child: ActionChild, action: () => void) {
  const own = child.props.onClick;
  return (event: MouseEvent<HTMLElement>) => {
    own?.(event);
    if (!event.defaultPrevented) action();
  };
}

/** Opens (or closes) its dialog; its one child is the button (`asChild`, as Radix's). */
export function DialogTrigger({ children }: { asChild: true; children: ActionChild }) {
  const { open, setOpen, contentId } = useDialog('DialogTrigger');
  return cloneElement(children, {
    onClick: chainClick(children, () => setOpen(!open)),
    // Where focus returns as the dialog closes (focusTrigger).
    'data-dialog-trigger': contentId,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? contentId : undefined,
    'data-state': open ? 'open' : 'closed',
  } as ActionChild['props']);
}

/** Closes its dialog; its one child is the button (`asChild`, as Radix's). */
export function DialogClose({ children }: { asChild: true; children: ActionChild }) {
  const { setOpen } = useDialog('DialogClose');
  return cloneElement(children, { onClick: chainClick(children, () => setOpen(false)) });
}

/** The dialog itself: nothing until it first opens, then Radix's (which also plays its closing). */
export function DialogContent(props: DialogContentProps) {
  const { open } = useDialog('DialogContent');
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <OpenedContent {...props} /> : null;
}

function OpenedContent({ onCloseAutoFocus, ...props }: DialogContentProps) {
  const { open, setOpen, focusTrigger, contentId } = useDialog('DialogContent');
  // The loaded frame at once if its code is here, else through Suspense (nothing shows until it arrives).
  const Frame = dialogFrame.Component;
  const closeFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    // Radix's root here has no trigger of its own: back to ours, as Radix would.
    event.preventDefault();
    focusTrigger();
  };
  return (
    <Suspense fallback={null}>
      <Frame
        {...props}
        open={open}
        onOpenChange={setOpen}
        contentId={contentId}
        onCloseAutoFocus={closeFocus}
      />
    </Suspense>
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
