// Every action menu (row actions, the phone header menu) goes through Radix DropdownMenu: roving focus,
// arrow keys, type-ahead, Escape returning focus to the trigger, and menu/menuitem roles for screen
// readers. Items are buttons or router links; the trigger is whatever the caller passes (asChild).
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

export const Menu = RadixMenu.Root;
export const MenuTrigger = RadixMenu.Trigger;
export const MenuGroup = RadixMenu.Group;

export interface MenuContentProps {
  children: ReactNode;
  /** Names the menu for screen readers when the trigger's text is not enough. */
  label?: string;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Where focus goes as the menu closes (preventDefault: where an item put it); else its trigger. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function MenuContent({
  children,
  label,
  align = 'end',
  side = 'bottom',
  onCloseAutoFocus,
}: MenuContentProps) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        className="menu"
        aria-label={label}
        align={align}
        side={side}
        sideOffset={4}
        collisionPadding={8}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

export interface MenuItemProps {
  children: ReactNode;
  onSelect?(event: Event): void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  /** Renders the child (e.g. a router <Link>) as the item, keeping the menu's keyboard model. */
  asChild?: boolean;
  /** A short hint on the right (a shortcut such as "F2"). */
  hint?: string;
}

export function MenuItem({
  children,
  onSelect,
  disabled,
  tone = 'default',
  asChild,
  hint,
}: MenuItemProps) {
  return (
    <RadixMenu.Item
      className={`menu__item menu__item--${tone}`}
      onSelect={onSelect}
      disabled={disabled}
      asChild={asChild}
    >
      {asChild ? (
        children
      ) : (
        <>
          <span className="menu__label">{children}</span>
          {hint ? (
            <span className="menu__hint" aria-hidden="true">
              {hint}
            </span>
          ) : null}
        </>
      )}
    </RadixMenu.Item>
  );
}

export function MenuSeparator() {
  return <RadixMenu.Separator className="menu__separator" />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="menu__group-label">{children}</RadixMenu.Label>;
}
