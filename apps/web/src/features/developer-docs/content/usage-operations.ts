import { ERROR_CODES, KEY_MANAGER_PATHS, USAGE_LIMITS } from '@app/contract';
import type { FieldDoc } from '../components/field-table';
import { CURL_EXAMPLES } from './curl-examples';
import { JAVA_EXAMPLES } from './java-examples';
import { E, type OperationDoc } from './operation-doc';
import { OPERATION_NAMES } from './operation-names';
import { REACT_EXAMPLES } from './react-examples';

/**
 * The optional fields every operation takes (decision 037): what the app is, for the owner's
 * analytics by app version and platform. The SDKs send them from their configuration.
 */
export const usageReportFieldDocs: readonly FieldDoc[] = [
  {
    name: 'appVersion',
    type: 'string',
    description: `Optional, on every operation: your app’s version (up to ${USAGE_LIMITS.appVersionMax} characters), for Analytics by app version. The libraries send it from their configuration.`,
  },
  {
    name: 'platform',
    type: 'string',
    description: `Optional, on every operation: the platform the app runs on, e.g. windows (up to ${USAGE_LIMITS.platformMax} characters), for Analytics by platform; on activate-key and start-trial it is also the device’s platform.`,
  },
];

const counts: readonly FieldDoc[] = [
  { name: 'validations', type: 'number', description: 'validate-key calls.' },
  { name: 'activations', type: 'number', description: 'activate-key calls.' },
  { name: 'deactivations', type: 'number', description: 'deactivate-key calls.' },
  { name: 'heartbeats', type: 'number', description: 'heartbeat calls.' },
  { name: 'checkouts', type: 'number', description: 'checkout-license calls.' },
  { name: 'information', type: 'number', description: 'get-key-information calls.' },
  { name: 'other', type: 'number', description: 'Every other operation (usage calls included).' },
  {
    name: 'refusals',
    type: 'number',
    description:
      'Calls of any operation that were refused: a failure code, or a validation code other than VALID.',
  },
];

export const USAGE_OPERATIONS: readonly OperationDoc[] = [
  {
    id: 'get-usage',
    operation: 'getUsage',
    title: OPERATION_NAMES.getUsage,
    path: KEY_MANAGER_PATHS.getUsage,
    description: `Your Key Manager usage per hour or day, to build dashboards of your own: calls per operation, refusals and unique devices, every bucket present (UTC). Every call whose API key is accepted is counted, refusals included; the figures appear within seconds. Kept ${USAGE_LIMITS.analyticsDays} days. An API key restricted to one product reads that product. Needs a secret key: call it from your server.`,
    request: [
      {
        name: 'from',
        type: 'string (ISO 8601)',
        required: true,
        description: 'The first moment, rounded down to its hour or day (UTC).',
      },
      { name: 'to', type: 'string (ISO 8601)', description: 'The end; default now.' },
      {
        name: 'granularity',
        type: '"hour" or "day"',
        description: 'Default day. At most 744 hours or 91 days per call.',
      },
      { name: 'productId', type: 'string (UUID)', description: 'Only this product’s keys.' },
      { name: 'keyId', type: 'string (UUID)', description: 'Only this licence key.' },
    ],
    response: [
      { name: 'granularity', type: '"hour" or "day"', description: 'As asked.' },
      {
        name: 'series',
        type: 'array',
        description: 'One entry per hour or day, oldest first: at (the bucket’s start) and the counts below.',
      },
      ...counts,
      {
        name: 'totals',
        type: 'object',
        description:
          'The same counts for the whole range, with calls (every call) and uniqueDevices (fingerprints seen).',
      },
    ],
    errors: [
      {
        ...E.publishableKeyNotAllowed,
        when: 'Called with a publishable key (km_pub_…): usage needs a secret key.',
      },
      {
        httpStatus: ERROR_CODES.invalid_input,
        code: 'invalid_input',
        message: 'Ask for at most 744 hours at a time, or use day granularity',
        when: 'from is missing, to is before from, or the range is longer than one call answers.',
      },
    ],
    react: REACT_EXAMPLES.getUsage,
    java: JAVA_EXAMPLES.usageReport,
    curl: CURL_EXAMPLES.getUsage,
  },
];
