// The server `npm --prefix tooling run fraud:sim` drives: the same startServer as `npm start`, without the demo extras
// (no demo data; the simulation starts its own Auth Emulator and seeds its own offers and codes). Its
// settings come from the environment the simulation gives it (PostgreSQL, TRUST_PROXY=1, the
// emulator's host).
import { loadConfig } from '../../server/config';
import { installShutdown, startServer } from '../../server/server';

const server = await startServer(loadConfig());
installShutdown(server.close, () => {});
