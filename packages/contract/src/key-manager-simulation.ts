import { z } from 'zod';

/**
 * The Key Manager's sandbox for API failures (docs/api.md "Simulating failures"): the owner of an API
 * key makes that one key answer as if their account were in a state their app must handle — payment
 * required (402), no plan (403 `Activate a Key Manager plan first`) or a low rate limit (429 after a
 * few calls) — for a bounded time. It touches only that key of that account: the account's other keys,
 * its plan and its licence keys are unchanged, so an app in production on another key sees nothing.
 */
export const API_KEY_SIMULATIONS = ['payment-required', 'no-plan', 'rate-limit'] as const;
export type ApiKeySimulationState = (typeof API_KEY_SIMULATIONS)[number];
export const ZApiKeySimulationState = z.enum(API_KEY_SIMULATIONS, 'Choose a state to simulate');

export const SIMULATION_LIMITS = {
  minutesMin: 1,
  minutesMax: 60,
  minutesDefault: 15,
  callsPerMinuteMin: 1,
  callsPerMinuteMax: 10,
  callsPerMinuteDefault: 3,
} as const;

/** What each state makes the key answer, for the dashboard and the docs. */
export const API_KEY_SIMULATION_LABELS: Readonly<Record<ApiKeySimulationState, string>> = {
  'payment-required': 'Payment required (402)',
  'no-plan': 'No plan (403 Activate a Key Manager plan first)',
  'rate-limit': 'Low rate limit (429 after a few calls a minute)',
};

/** A key's running simulation; `callsPerMinute` only for `rate-limit`. */
export const ZApiKeySimulation = z.object({
  state: ZApiKeySimulationState,
  callsPerMinute: z.number().int().nullable(),
  /** ISO 8601: the key answers normally again from then on. */
  endsAt: z.string(),
});
export type ApiKeySimulation = z.infer<typeof ZApiKeySimulation>;

/** `state: 'off'` ends a running simulation at once. */
export const ZSimulateApiKeyRequest = z.strictObject({
  id: z.uuid('ID is not a valid API key ID'),
  state: z.enum([...API_KEY_SIMULATIONS, 'off'], 'Choose a state to simulate'),
  minutes: z
    .number()
    .int()
    .min(SIMULATION_LIMITS.minutesMin)
    .max(SIMULATION_LIMITS.minutesMax, `A simulation lasts at most ${SIMULATION_LIMITS.minutesMax} minutes`)
    .optional(),
  callsPerMinute: z
    .number()
    .int()
    .min(SIMULATION_LIMITS.callsPerMinuteMin)
    .max(
      SIMULATION_LIMITS.callsPerMinuteMax,
      `Simulate at most ${SIMULATION_LIMITS.callsPerMinuteMax} calls per minute`,
    )
    .optional(),
});
export type SimulateApiKeyRequest = z.input<typeof ZSimulateApiKeyRequest>;
export const ZSimulateApiKeyResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  simulation: ZApiKeySimulation.nullable(),
});
export type SimulateApiKeyResponse = z.infer<typeof ZSimulateApiKeyResponse>;

export const SIMULATION_STARTED_MESSAGE = 'Simulation started: this API key answers as shown until it ends.';
export const SIMULATION_STOPPED_MESSAGE = 'Simulation stopped: this API key answers normally again.';

/** Set on every public REST reply of a key whose simulation is running, so a surprise 402 explains itself. */
export const SIMULATION_HEADER = 'x-key-manager-simulation';
