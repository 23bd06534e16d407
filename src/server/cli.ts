// `npm run lectern -- roles grant <email> <role> | roles revoke <email> | roles list`: role management
// from a shell on the server (bootstrapping a deployment, recovering a lost admin).
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { createRolesService } from './auth/roles-service.ts';
import { ROLES, Role } from './auth/roles.ts';
import { readConsoleDbFile } from './config.ts';
import { openConsoleDatabase } from './storage/database.ts';
import { createRolesRepo } from './storage/roles-repo.ts';

const USAGE = `Usage:
  npm run lectern -- roles grant <email> <role>   (role: ${ROLES.join(', ')})
  npm run lectern -- roles revoke <email>
  npm run lectern -- roles list`;

export function runCli(args: string[], dbFile: string, out: (line: string) => void): number {
  const [area, command, email, role] = args;
  if (area !== 'roles' || !command) return usage(out);
  const db = openConsoleDatabase(dbFile);
  try {
    const roles = createRolesService(createRolesRepo(db), Date.now);
    if (command === 'list' && args.length === 2) {
      const grants = roles.list();
      if (grants.length === 0) out('No roles granted yet.');
      for (const grant of grants)
        out(
          `${grant.email.padEnd(32)} ${grant.role.padEnd(15)} ${grant.source.padEnd(8)} ${new Date(grant.grantedAt).toISOString()}`,
        );
      return 0;
    }
    if (command === 'grant' && args.length === 4) {
      if (!z.email().safeParse(email).success) return fail(out, `Not an email address: ${email}`);
      const parsedRole = Role.safeParse(role);
      if (!parsedRole.success)
        return fail(out, `Unknown role '${role}'. Roles: ${ROLES.join(', ')}`);
      const grant = roles.grant(email!, parsedRole.data, 'cli', null);
      out(`Granted ${grant.role} to ${grant.email}.`);
      return 0;
    }
    if (command === 'revoke' && args.length === 3) {
      if (!roles.revoke(email!, 'cli')) return fail(out, `${email} has no role.`);
      out(`Revoked the role of ${email!.toLowerCase()}; their sessions lose access immediately.`);
      return 0;
    }
    return usage(out);
  } finally {
    db.close();
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
  process.exitCode = runCli(process.argv.slice(2), readConsoleDbFile(), (line) =>
    console.log(line),
  );
}
