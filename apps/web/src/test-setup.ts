import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 5 s (Testing Library's default is 1 s): beside a browser pass on two
// cores (load 15) a fetch-then-render took longer than 1 s. A limit, not a measurement.
configure({ asyncUtilTimeout: 5_000 });
