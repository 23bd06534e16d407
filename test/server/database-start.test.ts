// A database that cannot be used stops the start with a message an operator can act on, and the
// password of the URL never appears in it.
import { describe, expect, it } from 'vitest';
import { buildConsoleServer } from '../../src/server/app.ts';
import { DatabaseStartError } from '../../src/server/storage/database.ts';
import { freePort } from '../helpers/free-port.ts';
import { postgresAdminUrl } from '../helpers/test-database.ts';
import { testConfig } from './helpers/console-harness.ts';

const UPSTREAM = { baseUrl: 'http://127.0.0.1:9', apiKey: 'k', graphqlPath: '/graphql' };

async function startError(url: string): Promise<Error> {
  const config = testConfig({ LECTERN_DATABASE_URL: url });
  const error = await buildConsoleServer(config, UPSTREAM).then(
    () => new Error('the server started'),
    (caught: Error) => caught,
  );
  expect(error).toBeInstanceOf(DatabaseStartError);
  return error;
}

describe('console database at start', () => {
  it('says which database could not be reached, and why', async () => {
    const port = await freePort();
    const error = await startError(`postgres://lectern:hunter2@127.0.0.1:${port}/lectern`);
    expect(error.message).toBe(
      `Cannot connect to the console database at postgres://lectern@127.0.0.1:${port}/lectern: connect ECONNREFUSED 127.0.0.1:${port}. Check LECTERN_DATABASE_URL, and that PostgreSQL is running and accepts connections from this machine.`,
    );
  });

  it('names a wrong password and a missing database', async () => {
    const admin = new URL(postgresAdminUrl());
    const wrongPassword = new URL(admin);
    wrongPassword.password = 'not-the-password';
    const passwordError = await startError(wrongPassword.toString());
    expect(passwordError.message).toContain('password authentication failed for user "postgres"');
    expect(passwordError.message).toContain(
      'Check the user name and password in LECTERN_DATABASE_URL.',
    );
    expect(passwordError.message).not.toContain('not-the-password');

    const missing = new URL(admin);
    missing.pathname = '/no_such_database';
    const missingError = await startError(missing.toString());
    expect(missingError.message).toContain('database "no_such_database" does not exist');
    expect(missingError.message).toContain('Create the database first');
    expect(missingError.message).not.toContain(admin.password);
  });
});
