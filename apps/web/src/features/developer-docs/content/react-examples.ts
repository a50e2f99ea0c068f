// The ReactJS examples are real modules in ../examples, typechecked with the web app and run
// against the real server by apps/api/src/modules/key-manager-sdk/react-examples.api.test.ts.
import type { CodeExample } from '../components/code-examples';
import activate from '../examples/activate-key.tsx?raw';
import authentication from '../examples/authentication.tsx?raw';
import convertTrial from '../examples/convert-trial.tsx?raw';
import deactivate from '../examples/deactivate-key.tsx?raw';
import deleteKey from '../examples/delete-key.tsx?raw';
import getKeyInformation from '../examples/get-key-information.tsx?raw';
import getUsage from '../examples/get-usage.tsx?raw';
import heartbeat from '../examples/heartbeat.tsx?raw';
import markKeyAsUsable from '../examples/mark-key-as-usable.tsx?raw';
import renewKey from '../examples/renew-key.tsx?raw';
import signedLicenceCheck from '../examples/signed-licence-check.ts?raw';
import startTrial from '../examples/start-trial.tsx?raw';
import suspendKey from '../examples/suspend-key.tsx?raw';
import validateKey from '../examples/validate-key.tsx?raw';

const example = (file: string, code: string): CodeExample => ({ label: `ReactJS: ${file}`, code });

export const REACT_EXAMPLES = {
  authentication: example('authentication.tsx', authentication),
  getKeyInformation: example('get-key-information.tsx', getKeyInformation),
  activate: example('activate-key.tsx', activate),
  deactivate: example('deactivate-key.tsx', deactivate),
  markKeyAsUsable: example('mark-key-as-usable.tsx', markKeyAsUsable),
  deleteKey: example('delete-key.tsx', deleteKey),
  heartbeat: example('heartbeat.tsx', heartbeat),
  validateKey: example('validate-key.tsx', validateKey),
  startTrial: example('start-trial.tsx', startTrial),
  convertTrial: example('convert-trial.tsx', convertTrial),
  renewKey: example('renew-key.tsx', renewKey),
  suspendKey: example('suspend-key.tsx', suspendKey),
  getUsage: example('get-usage.tsx', getUsage),
} as const;

/** The signed-replies pattern in TypeScript (Web Crypto only), for browsers and Node alike. */
export const SIGNED_LICENCE_CHECK: CodeExample = {
  label: 'TypeScript: signed-licence-check.ts',
  code: signedLicenceCheck,
};
