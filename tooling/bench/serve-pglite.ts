// The server on embedded PGlite for the bench: the same startServer as `npm start`, without the
// demo extras (no Auth Emulator, no demo data: the bench seeds its own before starting).
import { loadConfig } from '../../server/config';
import { installShutdown, startServer } from '../../server/server';

const server = await startServer(loadConfig());
installShutdown(server.close, () => {});
