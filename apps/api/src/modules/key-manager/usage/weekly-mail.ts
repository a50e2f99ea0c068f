import type { AppDeps } from '../../../app-deps.js';
import type { UsageReader } from './analytics-read.js';

/** The weekly usage mail (decision 037): defined in its own step. */
export function defineWeeklyUsageMail(_deps: AppDeps, _reader: UsageReader): void {}
