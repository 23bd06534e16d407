// The GraphQL login entry point (spec 4.6, 5.7): operation documents and result shapes, shared by
// the sandbox (which serves them) and clients (which send them).
import { z } from './zod.ts';
import { Uuid } from './primitives.ts';

/** Default path; the sandbox's `SANDBOX_GRAPHQL_PATH` may move it. Always `?apiKey=<key>`. */
export const DEFAULT_GRAPHQL_PATH = '/graphql';

export const LOGIN_MUTATION = `mutation Login($email: String!, $password: String!) {
  Login(email: $email, password: $password) { token expiresAt user { id firstName lastName } }
}`;

/** Checks a learner token sent as `Authorization: Bearer <token>`. */
export const CURRENT_USER_QUERY = `query CurrentUser {
  CurrentUser { id email firstName lastName }
}`;

export const GraphqlError = z.object({
  message: z.string(),
  extensions: z.optional(z.looseObject({ code: z.string() })),
});

export const LoginResult = z.object({
  Login: z.object({
    token: z.string().check(z.minLength(1)),
    expiresAt: z.iso.datetime(),
    user: z.object({ id: Uuid, firstName: z.string(), lastName: z.string() }),
  }),
});
export type LoginResult = z.infer<typeof LoginResult>;

export const CurrentUserResult = z.object({
  CurrentUser: z.object({
    id: Uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type CurrentUserResult = z.infer<typeof CurrentUserResult>;

export const GraphqlResponse = z.object({
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  errors: z.optional(z.array(GraphqlError)),
});
export type GraphqlResponse = z.infer<typeof GraphqlResponse>;
