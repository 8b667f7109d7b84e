// The server as production starts it (NODE_ENV=production, every setting given), for the trust checks'
// bench (BENCH_ONLY=trust) only: it also accepts the Firebase Auth Emulator's ID tokens from the
// emulator that BENCH_AUTH_EMULATOR_HOST names, so that sign-in can be measured without Google. A
// production configuration refuses FIREBASE_AUTH_EMULATOR_HOST; this entry is never how the product runs.
import { loadConfig } from '../../server/config';
import { installShutdown, startServer } from '../../server/server';

const config = loadConfig();
config.authEmulatorHost = process.env.BENCH_AUTH_EMULATOR_HOST ?? null;
const server = await startServer(config);
installShutdown(server.close, () => {});
