// The sign-in form's checks, in words for people (the server's own are in the contract's SignInBody).
import { z } from '#contract/zod.ts';

export const SignInInput = z.object({
  email: z.email('Enter the email address of your learning-platform account.'),
  password: z.string().check(z.minLength(1, 'Enter your password.')),
});
export type SignInInput = z.infer<typeof SignInInput>;
