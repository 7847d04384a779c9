// Set up before every end-to-end test file (vitest.config.ts): the tests' own HTTP requests (fetch
// to Strapi's REST and admin routes, to code-server, to a site) open a connection each instead of
// reusing a kept-alive one. A host closes an idle connection after its keep-alive timeout (Node's
// servers: 5 s); on a busy machine a test process whose timers ran late sent its next request on a
// connection the host was closing at that moment, and got `fetch failed` (other side closed) for a
// request the host never read: a Strapi fault case failed so under load 15-30. A connection on
// loopback costs well under a millisecond; the plugins' own clients are tested for this separately.
import { Agent, setGlobalDispatcher } from 'undici';

setGlobalDispatcher(new Agent({ pipelining: 0 }));
