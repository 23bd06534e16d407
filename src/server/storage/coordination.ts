// What console servers sharing one database tell each other, and who runs the relay.
//   - Notifications on a few channels: a session ended or a role changed (drop cached sessions), new
//     relay events were stored (wake SSE streams), the relay's state changed, a write went upstream
//     (close collapsed reads), a lease was given up (campaigners try at once), a tab opened or left a
//     course in the editor, or its edit lease changed. PostgreSQL: LISTEN/NOTIFY. SQLite: one process,
//     an in-process emitter.
//     A notification says "look again", never carries data the database does not have, so a missed one
//     costs latency, not correctness; after the link comes back, `onResync` listeners look again.
//   - Relay leadership: exactly one server polls the feed. PostgreSQL: a session advisory lock on a
//     connection of its own, released by the database when that connection dies (a killed server).
//     SQLite: the one server leads.
// Messages carry the sender's instance id; a server hears its own messages at once, not twice.
// This file is the contract both engines implement; open-coordination.ts picks one.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';

export const CHANNELS = ['sessions', 'events', 'relay', 'writes', 'leases', 'presence'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The cluster's leases, each held by at most one server at a time: `relay` (polling the feed),
 * `schedules` (running scheduled actions, publishing/schedule-runner.ts). A
 * service that must run on one server only campaigns for a lease of its own name (add it here, with a
 * key of its own in postgres-coordination.ts), so a busy relay leader does not also carry every
 * other duty.
 */
export const LEASES = ['relay', 'schedules'] as const;
export type Lease = (typeof LEASES)[number];

export interface LeadershipHandlers {
  /** This server now holds the lease: start polling from the stored checkpoints. */
  elected(): void;
  /** The lease is lost (its connection died): stop polling at once. */
  deposed(): void;
}

export interface Leadership {
  readonly isLeader: boolean;
  /** When this server became the leader (epoch ms), or null. */
  readonly since: number | null;
  /** Gives the lease up (after the caller stopped polling) and stops campaigning. */
  stop(): Promise<void>;
}

export interface Coordination {
  readonly serverName: string;
  /** Delivers `message` to this server's listeners at once and to every other server. */
  publish(channel: Channel, message: string): void;
  subscribe(channel: Channel, listener: (message: string) => void): () => void;
  /** Called when notifications may have been missed (the link to the database came back). */
  onResync(listener: () => void): () => void;
  /** Campaigns for `lease` (default: the relay's) until `stop()`: handlers hear each win and loss. */
  campaign(handlers: LeadershipHandlers, lease?: Lease): Leadership;
  /** The server that holds `lease` (default: the relay's) now, or null when none does. */
  leaderName(lease?: Lease): Promise<string | null>;
  close(): Promise<void>;
}

export interface CoordinationOptions {
  serverName: string;
  log: Logger;
  /** How often a server without the lease tries to take it, and the leader checks its connection. */
  leaseCheckMs: number;
}

/** The parts both engines share: local delivery and listener bookkeeping. */
export class LocalBus {
  readonly instanceId = randomBytes(8).toString('hex');
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  deliver(channel: Channel, message: string): void {
    this.emitter.emit(channel, message);
  }

  /** A message from the database link: ignored when this instance sent it (delivered already). */
  receive(channel: Channel, payload: string): void {
    const separator = payload.indexOf('|');
    if (separator === -1 || payload.slice(0, separator) === this.instanceId) return;
    this.deliver(channel, payload.slice(separator + 1));
  }

  wire(message: string): string {
    return `${this.instanceId}|${message}`;
  }

  on(event: string, listener: (message: string) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  resync(): void {
    this.emitter.emit('resync');
  }
}
