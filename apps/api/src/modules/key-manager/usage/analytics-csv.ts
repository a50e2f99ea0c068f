import { type ANALYTICS_CSV_VIEWS, type AnalyticsPeriod, USAGE_SERIES } from '@app/contract';
import { csvRecord } from '../../../platform/csv/csv.js';
import { periodRange, type UsageFilters, type UsageReader } from './analytics-read.js';

type View = (typeof ANALYTICS_CSV_VIEWS)[number];
/** Every row of a ranking in the CSV (the tab shows the top ten). */
const CSV_RANK_MAX = 1000;

/**
 * One view of the Analytics tab as CSV (decision 037): the series (one row per bucket), or a ranking
 * (value, label, calls, refusals). A ranking is bounded by what the owner's calls named (keys, codes,
 * platforms, versions), so it is built whole rather than streamed.
 */
export async function analyticsCsv(
  reader: UsageReader,
  ownerId: string,
  view: View,
  period: AnalyticsPeriod,
  filters: UsageFilters,
  now: Date,
): Promise<string> {
  const range = periodRange(period, now);
  if (view === 'series') {
    const { series } = await reader.series(ownerId, filters, range);
    let text = csvRecord(['at', ...USAGE_SERIES]);
    for (const point of series) text += csvRecord([point.at, ...USAGE_SERIES.map((name) => point[name])]);
    return text;
  }
  const by = (
    {
      'top-keys': 'key',
      'refusal-reasons': 'refusal',
      platforms: 'platform',
      'app-versions': 'appVersion',
    } as const
  )[view];
  const rows = await reader.rank(ownerId, filters, range, by, CSV_RANK_MAX);
  let text = csvRecord(['value', 'label', 'calls', 'refusals']);
  for (const row of rows) text += csvRecord([row.value, row.label, row.calls, row.refusals]);
  return text;
}
