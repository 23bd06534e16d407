// The relay's lease on PostgreSQL (storage/postgres-coordination.ts), two links on one database as two
// servers have them: a leader that stops gives the lease up and says so, and the other takes it at once,
// not at its next check. Checks are 5 s apart here, so anything faster than that is the announcement.
// (Two real server processes stopped with SIGTERM: shutdown.test.ts.)
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coordination, Leadership } from '../../src/server/storage/coordination.ts';
import { createPostgresLink } from '../../src/server/storage/postgres-coordination.ts';
import { testDatabaseUrl } from '../helpers/test-database.ts';
import { within } from './helpers/cluster.ts';

const CHECK_MS = 5000;

describe('the relay lease on PostgreSQL', () => {
  let pool: pg.Pool;
  let connection: pg.ClientConfig;
  const links: Coordination[] = [];

  async function link(serverName: string): Promise<Coordination> {
    const made = await createPostgresLink(
      { connection, pool },
      { serverName, log: pino({ level: 'silent' }), leaseCheckMs: CHECK_MS },
    );
    links.push(made);
    return made;
  }

  /** Campaigns; `elected` resolves at the first win. */
  function campaign(on: Coordination): { leadership: Leadership; elected: Promise<number> } {
    let won: (at: number) => void = () => undefined;
    const elected = new Promise<number>((resolve) => (won = resolve));
    const leadership = on.campaign({ elected: () => won(performance.now()), deposed: () => {} });
    return { leadership, elected };
  }

  beforeAll(async () => {
    connection = { connectionString: await testDatabaseUrl() };
    pool = new pg.Pool({ ...connection, max: 2 });
  });
  afterAll(async () => {
    for (const made of links) await made.close();
    await pool.end();
  });

  it('a stopping leader gives the lease up; the other server takes it within a second', async () => {
    const a = campaign(await link('server-a'));
    await a.elected;
    const b = campaign(await link('server-b'));
    // B has tried and lost (its next try is 5 s away).
    await within(async () => (await links[1]!.leaderName()) === 'server-a', 5000, 'A leads');
    await within(
      async () => {
        const { rows } = await pool.query<{ query: string; state: string }>(
          `SELECT query, state FROM pg_stat_activity
           WHERE application_name = 'lectern-relay:server-b' AND datname = current_database()`,
        );
        return rows.some((row) => row.state === 'idle' && row.query.includes('try_advisory'));
      },
      5000,
      'B to try and lose',
    );
    expect(b.leadership.isLeader).toBe(false);

    const stopped = performance.now();
    await a.leadership.stop();
    const takenAt = await b.elected;
    expect(takenAt - stopped).toBeLessThan(1000);
    expect(await links[1]!.leaderName()).toBe('server-b');
    await b.leadership.stop();
  });
});
