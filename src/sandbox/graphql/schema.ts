// The GraphQL schema of the learner entry point (spec 4.6, 5.7) and its resolvers.
import { buildSchema, GraphQLError } from 'graphql';
import { GRAPHQL_ERROR_CODES, GRAPHQL_MESSAGES } from '#contract/index.ts';
import type { LearnerAccount } from './learner-session-repository.ts';
import { LoginError, type LoginService } from './login-service.ts';

export const schema = buildSchema(`
  "A learner account. Console staff sign in with one too."
  type User {
    id: ID!
    email: String!
    firstName: String!
    lastName: String!
  }

  type LoginPayload {
    "Learner auth token: send it as Authorization: Bearer <token>."
    token: String!
    "When the token stops working (ISO 8601)."
    expiresAt: String!
    user: User!
  }

  type Query {
    "The learner the Authorization bearer token identifies; an UNAUTHENTICATED error otherwise."
    CurrentUser: User
  }

  type Mutation {
    "Logs a learner in. Wrong email and wrong password get the same error."
    Login(email: String!, password: String!): LoginPayload
    "Revokes the bearer token; true when it was a live token."
    Logout: Boolean!
  }
`);

export interface GraphqlContext {
  companyId: string;
  /** The learner token from `Authorization: Bearer <token>`, if any. */
  token: string | undefined;
  login: LoginService;
}

const toUser = (account: LearnerAccount) => ({
  id: account.id,
  email: account.email,
  firstName: account.firstName,
  lastName: account.lastName,
});

/** Known failures become GraphQL errors with a code; anything else is masked by the route. */
function graphqlError(error: unknown): unknown {
  if (error instanceof LoginError)
    return new GraphQLError(error.message, { extensions: { code: error.code } });
  return error;
}

export const rootValue = {
  async Login(args: { email: string; password: string }, context: GraphqlContext) {
    try {
      const session = await context.login.login(context.companyId, args.email, args.password);
      return {
        token: session.token,
        expiresAt: new Date(session.expiresAt).toISOString(),
        user: toUser(session.user),
      };
    } catch (error) {
      throw graphqlError(error);
    }
  },
  CurrentUser(_args: unknown, context: GraphqlContext) {
    try {
      return toUser(context.login.currentUser(context.companyId, context.token));
    } catch (error) {
      throw graphqlError(error);
    }
  },
  Logout(_args: unknown, context: GraphqlContext) {
    return context.login.logout(context.companyId, context.token);
  },
};

export const INTERNAL_ERROR = {
  message: GRAPHQL_MESSAGES.internal,
  extensions: { code: GRAPHQL_ERROR_CODES.internal },
};
