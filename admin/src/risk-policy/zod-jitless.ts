// The risk policy page checks the form with the contract's own zod schema (issue 33). Zod compiles
// object parsers with `new Function` unless told not to, and probes for it when a schema is built: the
// console's Content-Security-Policy refuses eval and reports even a caught probe. `jitless` turns both
// off. Imported before the contract module, so that its schemas are built jitless (ES modules run in
// import order).
import { z } from 'zod';

z.config({ jitless: true });
