// What the grant form holds until react-hook-form has arrived, handed to the form when it does.
import type { ConsoleRole } from '#contract/console/access.ts';

export type GrantField = 'email' | 'role';

export class HeldGrant {
  email = '';
  role: ConsoleRole = 'contentManager';
  /** The field that had focus as the held form went. */
  private focused: GrantField | null = null;
  /** "Grant role" was pressed: the form checks and sends once it is here. */
  private pressed = false;

  typed(email: string): void {
    this.email = email;
  }

  chose(role: ConsoleRole): void {
    this.role = role;
  }

  left(focused: GrantField | null): void {
    this.focused = focused;
  }

  press(): void {
    this.pressed = true;
  }

  get submitted(): boolean {
    return this.pressed;
  }

  /** Taken once by the form: the focus to restore and whether to send; cleared after. */
  handOver(): { focused: GrantField | null; submitted: boolean } {
    const taken = { focused: this.focused, submitted: this.pressed };
    this.focused = null;
    this.pressed = false;
    return taken;
  }
}
