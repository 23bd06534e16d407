// Imported first by the worker: zod must start without its JIT, whose `new Function` probe the
// console's CSP refuses (vite.config.ts patches the main bundle's zod the same way; workers are
// bundled without that plugin). zod keeps a config object that exists before it loads.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

export {};
