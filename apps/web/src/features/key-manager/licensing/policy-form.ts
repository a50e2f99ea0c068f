import {
  type ClockStart,
  type CreatePolicyRequest,
  type DurationUnit,
  type ExpiryBehaviour,
  type Policy,
  type PolicyKind,
  type UpdatePolicyRequest,
  ZCreatePolicyRequest,
} from '@app/contract';
import type { z } from 'zod';
import type { RuleName, RuleTexts } from '../components/device-rules-fields';
import { type EntitlementRow, entitlementsFromRows, rowsFromEntitlements } from './entitlement-rows';
import { metadataFromText, textOfMetadata } from './metadata-text';

/** A policy as its dialog edits it: every input's text, turned into a request by `policyRequest`. */
export interface PolicyFormValues {
  name: string;
  kind: PolicyKind;
  maxActivations: string;
  /** 'perpetual' stands for a policy without a duration. */
  durationUnit: DurationUnit | 'perpetual';
  durationCount: string;
  clockStarts: ClockStart;
  expiryBehaviour: ExpiryBehaviour;
  graceDays: string;
  /** Empty: the owner's device policy applies. */
  rules: RuleTexts;
  entitlements: EntitlementRow[];
  metadata: string;
}

/** The inputs a refusal can point at. */
export type PolicyField =
  | 'name'
  | 'kind'
  | 'maxActivations'
  | 'duration'
  | 'clockStarts'
  | 'expiryBehaviour'
  | 'graceDays'
  | RuleName
  | 'entitlements'
  | 'metadata';

const FIELDS: readonly PolicyField[] = [
  'name',
  'kind',
  'maxActivations',
  'duration',
  'clockStarts',
  'expiryBehaviour',
  'graceDays',
  'leaseSeconds',
  'transfersPer30Days',
  'transferIdleSeconds',
  'entitlements',
  'metadata',
];

/** The input a request field's path names (a server refusal's `field`, a zod issue's path). */
export function policyField(path: string | undefined): PolicyField | undefined {
  const first = path?.split('.')[0];
  return FIELDS.find((field) => field === first);
}

const text = (value: number | null) => (value === null ? '' : String(value));

/** A new policy's form (the contract's defaults), or an existing one's. */
export function policyFormValues(policy?: Policy): PolicyFormValues {
  return {
    name: policy?.name ?? '',
    kind: policy?.kind ?? 'standard',
    maxActivations: text(policy?.maxActivations ?? 1),
    durationUnit: policy?.duration?.unit ?? 'perpetual',
    durationCount: text(policy?.duration?.count ?? 1),
    clockStarts: policy?.clockStarts ?? 'issue',
    expiryBehaviour: policy?.expiryBehaviour ?? 'refuse',
    graceDays: text(policy?.graceDays ?? 0),
    rules: {
      leaseSeconds: text(policy?.leaseSeconds ?? null),
      transfersPer30Days: text(policy?.transfersPer30Days ?? null),
      transferIdleSeconds: text(policy?.transferIdleSeconds ?? null),
    },
    entitlements: rowsFromEntitlements(policy?.entitlements ?? {}),
    metadata: textOfMetadata(policy?.metadata ?? {}),
  };
}

/** A number input's value: NaN for text that is no number (the contract names the field), `empty` for none. */
function numberOf<E>(value: string | undefined, empty: E): number | E {
  return value === undefined || value.trim() === '' ? empty : Number(value);
}

export type PolicyRequestResult =
  | { ok: true; body: CreatePolicyBody }
  | { ok: false; field: PolicyField | undefined; message: string; row?: number };
/** The request after the contract's defaults, as sent. */
export type CreatePolicyBody = z.output<typeof ZCreatePolicyRequest>;

/** The create request the form describes, checked by the contract schema the server applies. */
export function policyRequest(values: PolicyFormValues, productId: string): PolicyRequestResult {
  const entitlements = entitlementsFromRows(values.entitlements);
  if (!entitlements.ok) {
    return {
      ok: false,
      field: 'entitlements',
      message: entitlements.message,
      ...(entitlements.row === undefined ? {} : { row: entitlements.row }),
    };
  }
  const metadata = metadataFromText(values.metadata);
  if (!metadata.ok) return { ok: false, field: 'metadata', message: metadata.message };
  const body: CreatePolicyRequest = {
    productId,
    name: values.name,
    kind: values.kind,
    maxActivations: numberOf(values.maxActivations, undefined),
    duration:
      values.durationUnit === 'perpetual'
        ? null
        : { count: numberOf(values.durationCount, Number.NaN), unit: values.durationUnit },
    clockStarts: values.clockStarts,
    expiryBehaviour: values.expiryBehaviour,
    graceDays: numberOf(values.graceDays, undefined),
    leaseSeconds: numberOf(values.rules.leaseSeconds, null),
    transfersPer30Days: numberOf(values.rules.transfersPer30Days, null),
    transferIdleSeconds: numberOf(values.rules.transferIdleSeconds, null),
    entitlements: entitlements.entitlements,
    metadata: metadata.metadata,
  };
  const parsed = ZCreatePolicyRequest.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    field: policyField(issue?.path.map(String).join('.')),
    message: issue?.message ?? 'This policy is not valid',
  };
}

/** An edit sends every field but the product and the kind, which a policy keeps for life. */
export function policyUpdate(body: CreatePolicyBody): UpdatePolicyRequest {
  const { productId: _product, kind: _kind, ...update } = body;
  return update;
}
