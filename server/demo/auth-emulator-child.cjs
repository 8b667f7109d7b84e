// The Firebase Auth Emulator alone, without the firebase CLI (server/demo/emulator.ts starts this file
// as a child process; it falls back to `firebase emulators:start` when this exits with code 3).
//
// The CLI starts the same AuthEmulator class, after loading the whole CLI; and the emulator compiles
// the JSON schema of every operation of its API before it listens: 15-20 s of a 2-core machine's
// CPU at every `npm start`. Compiled on first use instead (exegesis' lazyCompileValidationSchemas),
// every request is validated exactly as before and the emulator listens in about 1 s.
//   node auth-emulator-child.cjs <host> <port> <projectId>
/* global require, process, console */
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS: started without tsx, at once */
'use strict';
const { createRequire } = require('node:module');

const [host, portText, projectId] = process.argv.slice(2);
let AuthEmulator;
try {
  const authIndex = require.resolve('firebase-tools/lib/emulator/auth/index.js');
  // The emulator's own copy of exegesis-express (the module instance its server requires).
  const exegesisExpress = createRequire(authIndex)('exegesis-express');
  const middleware = exegesisExpress.middleware;
  exegesisExpress.middleware = (spec, options) =>
    middleware(spec, { ...options, lazyCompileValidationSchemas: true });
  ({ AuthEmulator } = require(authIndex));
  if (typeof AuthEmulator !== 'function') throw new Error('AuthEmulator not found');
} catch (err) {
  console.error(`auth emulator: firebase-tools internals not as expected (${err.message})`);
  process.exit(3);
}

const emulator = new AuthEmulator({ host, port: Number(portText), projectId, singleProjectMode: 0 });
emulator.start().then(
  () => console.log(`auth emulator listening on ${host}:${portText}`),
  (err) => {
    console.error(`auth emulator failed to start: ${err.message}`);
    process.exit(1);
  },
);
const stop = () => {
  emulator.stop().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started with an IPC channel (emulator.ts): it closes when the parent process ends, even killed.
process.on('disconnect', stop);
