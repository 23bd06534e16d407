// Taking and losing the relay's lease (storage/coordination.ts): elected, this server starts its
// pollers from the stored state; deposed, it stops them and shows the leader's stored state instead.
// Changes run one at a time, and a slow start that lost the lease meanwhile backs off. Other work that
// belongs to the relay's leader (alert rules) runs as its `duties`: started once the pollers are, stopped
// before them.
import type { Logger } from 'pino';
import type { Coordination, Leadership } from '../storage/coordination.ts';
import type { LeaderDuties } from '../storage/leader-duties.ts';
import type { RelayRepository } from '../storage/relay-repository.ts';
import type { PollerGroup } from './poller-group.ts';

export function createLeaderElection(deps: {
  coordination: Coordination;
  repo: RelayRepository;
  pollers: PollerGroup;
  /** Started while this server leads the relay (storage/leader-duties.ts). */
  duties: LeaderDuties;
  log: Logger;
  /** After the pollers stopped: show the leader's state. */
  onFollow: () => Promise<void>;
}) {
  const { coordination, pollers, duties, log } = deps;
  let leadership: Leadership | null = null;
  // Bumped by every change of leadership, so a slow start that lost the lease meanwhile backs off.
  let term = 0;
  let transition: Promise<void> = Promise.resolve();
  let running = false;

  async function lead(myTerm: number): Promise<void> {
    const rows = await deps.repo.kindStates();
    if (myTerm !== term) return;
    pollers.start(rows);
    duties.start();
    log.info({ server: coordination.serverName }, 'relay leadership taken: polling the feed');
    coordination.publish('relay', '');
  }

  async function follow(): Promise<void> {
    await duties.stop();
    if (await pollers.stop()) log.warn('relay leadership lost: stopped polling');
    await deps.onFollow();
  }

  function change(step: () => Promise<void>): void {
    transition = transition.then(step).catch((error: unknown) => {
      log.error({ err: error }, 'relay leadership change failed');
      // Could not start polling (the database failed in between): let another server lead.
      if (leadership?.isLeader) void restartCampaign();
    });
  }

  async function restartCampaign(): Promise<void> {
    await leadership?.stop();
    if (running) campaign();
  }

  function campaign(): void {
    leadership = coordination.campaign({
      elected: () => {
        const myTerm = ++term;
        change(() => lead(myTerm));
      },
      deposed: () => {
        ++term;
        change(follow);
      },
    });
  }

  return {
    start(): void {
      running = true;
      campaign();
    },
    /** Stops polling first, then gives the lease up: the next leader never overlaps this one. */
    async stop(): Promise<void> {
      running = false;
      ++term;
      await transition;
      await duties.stop();
      await pollers.stop();
      await leadership?.stop();
      leadership = null;
    },
    /** When this server became the leader (epoch ms), or null. */
    get since(): number | null {
      return leadership?.since ?? null;
    },
  };
}
