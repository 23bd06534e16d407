// A TCP port on 127.0.0.1 that nothing listens on right now (the OS picks it), for tests and benchmarks
// that start servers of their own. The e2e suite uses its own port range instead (e2e/support/env.ts).
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
