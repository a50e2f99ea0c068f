/**
 * The one password every test gives the demo logins (the role of DEMO_PASSWORD in the e2e server):
 * on PostgreSQL all test files share the demo rows, so they must agree on it.
 */
export const TEST_DEMO_PASSWORD = 'demo-test-pass-1';
export const testDemoPassword = (): string => TEST_DEMO_PASSWORD;
