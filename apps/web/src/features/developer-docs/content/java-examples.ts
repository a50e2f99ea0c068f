// The Java examples are the real files in sdks/java/examples, compiled by the Java tests and run
// against the real server by the API tests; the pages show them verbatim.
import activate from '../../../../../../sdks/java/examples/ActivateKey.java?raw';
import deactivate from '../../../../../../sdks/java/examples/DeactivateKey.java?raw';
import deleteKey from '../../../../../../sdks/java/examples/DeleteKey.java?raw';
import disable from '../../../../../../sdks/java/examples/DisableKey.java?raw';
import enable from '../../../../../../sdks/java/examples/EnableKey.java?raw';
import getKeyInformation from '../../../../../../sdks/java/examples/GetKeyInformation.java?raw';
import gettingStarted from '../../../../../../sdks/java/examples/GettingStarted.java?raw';
import keepDeviceActive from '../../../../../../sdks/java/examples/KeepDeviceActive.java?raw';
import manageLicence from '../../../../../../sdks/java/examples/ManageLicence.java?raw';
import signedLicenseCheck from '../../../../../../sdks/java/examples/SignedLicenseCheck.java?raw';
import startTrial from '../../../../../../sdks/java/examples/StartTrial.java?raw';
import usageReport from '../../../../../../sdks/java/examples/UsageReport.java?raw';
import validateKey from '../../../../../../sdks/java/examples/ValidateKey.java?raw';
import type { CodeExample } from '../components/code-examples';

const example = (file: string, code: string): CodeExample => ({ label: `Java: ${file}`, code });

export const JAVA_EXAMPLES = {
  gettingStarted: example('GettingStarted.java', gettingStarted),
  getKeyInformation: example('GetKeyInformation.java', getKeyInformation),
  activate: example('ActivateKey.java', activate),
  deactivate: example('DeactivateKey.java', deactivate),
  enable: example('EnableKey.java', enable),
  disable: example('DisableKey.java', disable),
  deleteKey: example('DeleteKey.java', deleteKey),
  heartbeat: example('KeepDeviceActive.java', keepDeviceActive),
  validateKey: example('ValidateKey.java', validateKey),
  startTrial: example('StartTrial.java', startTrial),
  /** convert-trial, renew-key and suspend-key, as a server calls them when payments arrive or fail. */
  manageLicence: example('ManageLicence.java', manageLicence),
  signedLicenseCheck: example('SignedLicenseCheck.java', signedLicenseCheck),
  usageReport: example('UsageReport.java', usageReport),
} as const;
