import { configure } from '@testing-library/react';
import { setTokenExchange } from './lib/api-client';
import { exchangeRefreshToken } from './lib/session-exchange';

// findBy*/waitFor wait up to 5 s (Testing Library's default is 1 s): beside a browser pass on two
// cores (load 15) a fetch-then-render took longer than 1 s. A limit, not a measurement.
configure({ asyncUtilTimeout: 5_000 });

// As main.tsx does: a 401 renews the session through the real exchange.
setTokenExchange(exchangeRefreshToken);
