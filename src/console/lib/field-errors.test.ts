import { describe, expect, it } from 'vitest';
import { z } from '#contract/zod.ts';
import { firstErrorPerField } from './field-errors.ts';

const Input = z.object({
  email: z.email('Enter an email address').check(z.maxLength(20, 'At most 20 characters')),
  role: z.enum(['admin', 'support'], 'Choose a role'),
});

describe('firstErrorPerField', () => {
  it('keeps the first message of each field the check refused', () => {
    const parsed = Input.safeParse({ email: 'not an address that is this long', role: 'owner' });
    expect(parsed.success).toBe(false);
    expect(firstErrorPerField<'email' | 'role'>(parsed.error!)).toEqual({
      email: 'Enter an email address',
      role: 'Choose a role',
    });
  });

  it('says nothing of a field that passed', () => {
    const parsed = Input.safeParse({ email: 'ada@lectern.test', role: 'owner' });
    expect(firstErrorPerField<'email' | 'role'>(parsed.error!)).toEqual({ role: 'Choose a role' });
  });
});
