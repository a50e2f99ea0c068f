import type { ApiKeySimulation, ApiKeySimulationState } from '@app/contract';

/**
 * One API key's simulated failure (contract key-manager-simulation.ts, docs/api.md "Simulating
 * failures"): stored on the key's row, read with it by the API-key guard, and compared with the clock
 * on every call, so it ends on time however long the caller is cached.
 */
export interface ActiveSimulation {
  state: ApiKeySimulationState;
  /** The simulated plan rate (`rate-limit` only). */
  callsPerMinute: number | null;
  endsAt: Date;
}

/** The columns of `manager_api_keys` that hold it. */
export interface SimulationColumns {
  simulation: ApiKeySimulationState | null;
  simulationCallsPerMinute: number | null;
  simulationEndsAt: Date | null;
}

export function simulationOf(row: SimulationColumns): ActiveSimulation | null {
  if (!row.simulation || !row.simulationEndsAt) return null;
  return {
    state: row.simulation,
    callsPerMinute: row.simulationCallsPerMinute,
    endsAt: row.simulationEndsAt,
  };
}

/** The simulation still running at `now`, else null (an ended one is ignored, never cleared by a call). */
export function runningAt(simulation: ActiveSimulation | null, now: Date): ActiveSimulation | null {
  return simulation && now < simulation.endsAt ? simulation : null;
}

export function simulationView(simulation: ActiveSimulation | null, now: Date): ApiKeySimulation | null {
  const running = runningAt(simulation, now);
  return running
    ? { state: running.state, callsPerMinute: running.callsPerMinute, endsAt: running.endsAt.toISOString() }
    : null;
}
