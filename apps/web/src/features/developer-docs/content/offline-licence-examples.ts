// The offline-licence pattern the docs show is real code: the TypeScript one is run against the real
// server (and then with it stopped) by apps/api/.../key-manager-sdk/offline-licence-sdk.api.test.ts,
// the Java one compiled by the Java tests.
import checkJava from '../../../../../../sdks/java/examples/OfflineLicenseCheck.java?raw';
import type { CodeExample } from '../components/code-examples';
import checkTypeScript from '../examples/offline-licence.ts?raw';

export const OFFLINE_LICENCE_EXAMPLES: { typescript: CodeExample; java: CodeExample } = {
  typescript: { label: 'TypeScript: offline-licence.ts', code: checkTypeScript },
  java: { label: 'Java: OfflineLicenseCheck.java', code: checkJava },
};
