/** What the recorder holds between two flushes (decision 037), as recorder.ts counts it and flush.ts writes it. */

/** One hourly cell's figures: its dimensions (kept from its first call) and its count. */
export interface PendingCell {
  hour: number;
  ownerId: string;
  apiKeyId: string;
  productId: string | null;
  operation: string;
  outcome: string;
  /** `k:<key>` or `i:<id>` as the call named it, resolved to the key's id at the flush; '' for none. */
  keyRef: string;
  platform: string | null;
  appVersion: string | null;
  n: number;
}

export interface PendingDevice {
  day: number;
  ownerId: string;
  apiKeyId: string;
  productId: string | null;
  keyRef: string;
  fingerprint: string;
}

export interface PendingLogRow {
  at: number;
  ownerId: string;
  operation: string;
  keyRef: string;
  apiKeyId: string;
  productId: string | null;
  outcome: string;
  status: number;
  latencyMs: number;
  ip: string | null;
  userAgent: string | null;
  country: string | null;
  platform: string | null;
  appVersion: string | null;
}

export interface PendingUsage {
  cells: Map<string, PendingCell>;
  devices: Map<string, PendingDevice>;
  log: PendingLogRow[];
}
