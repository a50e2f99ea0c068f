// The ReactJS examples are real modules in ../examples, typechecked with the web app and run
// against the real server by apps/api/src/modules/key-manager-sdk/react-examples.api.test.ts.
import type { CodeExample } from '../components/code-examples';
import activate from '../examples/activate-key.tsx?raw';
import authentication from '../examples/authentication.tsx?raw';
import deactivate from '../examples/deactivate-key.tsx?raw';
import deleteKey from '../examples/delete-key.tsx?raw';
import getKeyInformation from '../examples/get-key-information.tsx?raw';
import heartbeat from '../examples/heartbeat.tsx?raw';
import markKeyAsUsable from '../examples/mark-key-as-usable.tsx?raw';

const example = (file: string, code: string): CodeExample => ({ label: `ReactJS: ${file}`, code });

export const REACT_EXAMPLES = {
  authentication: example('authentication.tsx', authentication),
  getKeyInformation: example('get-key-information.tsx', getKeyInformation),
  activate: example('activate-key.tsx', activate),
  deactivate: example('deactivate-key.tsx', deactivate),
  markKeyAsUsable: example('mark-key-as-usable.tsx', markKeyAsUsable),
  deleteKey: example('delete-key.tsx', deleteKey),
  heartbeat: example('heartbeat.tsx', heartbeat),
} as const;
