// `npm run lectern -- roles grant <email> <role> | roles revoke <email> | roles list`: role management
// from a shell on the server (bootstrapping a deployment, recovering a lost admin).
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { z } from '#contract/zod.ts';
import { CONSOLE_ROLES, ConsoleRole } from '#contract/console/access.ts';
import { createRolesService } from './auth/roles-service.ts';
import { ConfigError, readDatabaseConfig, type DatabaseConfig } from './config.ts';
import { createCoordination } from './storage/open-coordination.ts';
import { DatabaseStartError, openConsoleStore } from './storage/database.ts';

const silentLogger = pino({ level: 'silent' });

const USAGE = `Usage:
  npm run lectern -- roles grant <email> <role>   (role: ${CONSOLE_ROLES.join(', ')})
  npm run lectern -- roles revoke <email>
  npm run lectern -- roles list`;

export async function runCli(
  args: string[],
  database: DatabaseConfig,
  out: (line: string) => void,
): Promise<number> {
  const [area, command, email, role] = args;
  if (area !== 'roles' || !command) return usage(out);
  let store;
  try {
    store = await openConsoleStore(database, { applicationName: 'lectern-cli' });
  } catch (error) {
    if (error instanceof DatabaseStartError) return fail(out, error.message);
    throw error;
  }
  // ConsoleRole changes are announced like the console's own, so running servers apply them at once.
  const coordination = await createCoordination(store, {
    serverName: 'cli',
    log: silentLogger,
    leaseCheckMs: 1000,
  });
  try {
    const roles = createRolesService(store.db, store.engine, {
      now: Date.now,
      onChange: (changed) =>
        coordination.publish('sessions', JSON.stringify({ kind: 'role', email: changed })),
    });
    if (command === 'list' && args.length === 2) {
      const grants = await roles.list();
      if (grants.length === 0) out('No roles granted yet.');
      for (const grant of grants)
        out(
          `${grant.email.padEnd(32)} ${grant.role.padEnd(15)} ${grant.source.padEnd(8)} ${new Date(grant.grantedAt).toISOString()}`,
        );
      return 0;
    }
    if (command === 'grant' && args.length === 4) {
      if (!z.email().safeParse(email).success) return fail(out, `Not an email address: ${email}`);
      const parsedRole = ConsoleRole.safeParse(role);
      if (!parsedRole.success)
        return fail(out, `Unknown role '${role}'. Roles: ${CONSOLE_ROLES.join(', ')}`);
      const grant = await roles.grant(email!, parsedRole.data, 'cli', null);
      out(`Granted ${grant.role} to ${grant.email}.`);
      return 0;
    }
    if (command === 'revoke' && args.length === 3) {
      if (!(await roles.revoke(email!, 'cli'))) return fail(out, `${email} has no role.`);
      out(`Revoked the role of ${email!.toLowerCase()}; their sessions lose access immediately.`);
      return 0;
    }
    return usage(out);
  } finally {
    await coordination.close();
    await store.close();
  }
}

function usage(out: (line: string) => void): number {
  out(USAGE);
  return 2;
}

function fail(out: (line: string) => void, message: string): number {
  out(message);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await runCli(process.argv.slice(2), readDatabaseConfig(), (line) =>
      console.log(line),
    );
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
