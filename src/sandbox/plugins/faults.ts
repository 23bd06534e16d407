// Fault injection (`settings.faults`): errors, connection resets and latency on matching routes, so
// clients can be tested against an unreliable upstream. Runs first (onRequest, before auth), never on
// the /sandbox management API. With `settings.seed` the rolls come from a seeded PRNG, re-seeded on
// every settings change, so a test replays the same faults in the same order.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, FEED_MESSAGES } from '#contract/index.ts';
import { createRng, type Rng } from '../lib/prng.ts';
import type { Fault, Settings, SettingsStore } from '../settings.ts';

interface CompiledFault {
  fault: Fault;
  pattern: RegExp;
}

/** `/events/*` -> /^\/events\/.+$/: `*` stands for any non-empty run of characters. */
export function routePattern(route: string): RegExp {
  const escaped = route
    .replace(/\/+$/, '')
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.+')}$`);
}

const isManagement = (path: string) => path === '/sandbox' || path.startsWith('/sandbox/');

export function registerFaults(app: FastifyInstance, settings: SettingsStore): void {
  let faults: CompiledFault[] = [];
  let rng: Rng = createRng();
  const configure = (s: Settings) => {
    faults = s.faults.map((fault) => ({ fault, pattern: routePattern(fault.route) }));
    rng = createRng(s.seed ?? undefined);
  };
  configure(settings.get());
  settings.onChange(configure);

  app.addHook('onRequest', async (request, reply) => {
    if (faults.length === 0) return;
    const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
    if (isManagement(path)) return;
    const relative = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : undefined;
    for (const { fault, pattern } of faults) {
      if (fault.method && fault.method !== request.method) continue;
      if (!pattern.test(path) && !(relative !== undefined && pattern.test(relative))) continue;
      if (rng.next() >= fault.rate) continue;
      if (fault.delayMs !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        continue;
      }
      if (fault.reset) {
        request.log.info({ route: fault.route }, 'injected connection reset');
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      request.log.info({ route: fault.route, status: fault.status }, 'injected fault');
      if (fault.status === 429) reply.header('retry-after', '1');
      return reply.code(fault.status ?? 500).send({ errors: [FEED_MESSAGES.injectedFault] });
    }
  });
}
