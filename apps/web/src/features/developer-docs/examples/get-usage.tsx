// ReactJS: your own usage chart's figures, per day for the last week (get-usage). Calls per operation
// family, refusals and unique devices, every day present. Needs a secret key (km_live_…): fetch it on
// your server (or an admin tool) and hand the figures to your page, never from a shipped app.
import { useEffect, useState } from 'react';

const KEY_MANAGER_URL = 'http://localhost:3000'; // your Key Manager server

interface UsagePoint {
  at: string;
  validations: number;
  activations: number;
  refusals: number;
}

export async function getUsage(apiKey: string, days = 7, baseUrl = KEY_MANAGER_URL) {
  const from = new Date(Date.now() - days * 86_400_000).toISOString();
  const response = await fetch(`${baseUrl}/api/v1/saas-platform/key-manager/usage`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ from, granularity: 'day' }),
  });
  const reply = (await response.json()) as
    | { status: 'ok'; series: UsagePoint[]; totals: { calls: number; uniqueDevices: number } }
    | { status: 'failed'; code: string; message: string };
  if (reply.status !== 'ok') throw new Error(reply.message);
  return reply;
}

export function UsageTable({ apiKey }: { apiKey: string }) {
  const [rows, setRows] = useState<UsagePoint[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    getUsage(apiKey).then(
      (reply) => setRows(reply.series),
      (failure: Error) => setError(failure.message),
    );
  }, [apiKey]);
  if (error) return <p role="alert">{error}</p>;
  return (
    <table>
      <caption>Validations per day</caption>
      <thead>
        <tr>
          <th scope="col">Day (UTC)</th>
          <th scope="col">Validations</th>
          <th scope="col">Refused</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.at}>
            <td>{row.at.slice(0, 10)}</td>
            <td>{row.validations}</td>
            <td>{row.refusals}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
