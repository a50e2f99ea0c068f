import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every decision record follows the template in docs/decisions/README.md and is listed in its index,
// with the same title, date and status, so a reader can trust the index and the record alike.
const DIR = path.resolve(import.meta.dirname, '../docs/decisions');
const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** One clause of a Status line: accepted, superseded (in part) by NNN, supersedes NNN, amended on DATE. */
const CLAUSE =
  /^(accepted|(?:superseded (?:in part )?by|supersedes(?: in part)?) (\d{3})\b.*|amended on (\d{4}-\d{2}-\d{2})\b.*)$/;
const SECTIONS = ['## Context', '## Decision', '## Consequences'];

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
  headings: string[];
}

function readRecord(file: string): DecisionRecord {
  const lines = readFileSync(path.join(DIR, file), 'utf8').split('\n');
  const title = /^# (\d{3}) — (.+)$/.exec(lines[0] ?? '');
  const field = (name: string) =>
    lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
  return {
    file,
    number: title?.[1] ?? '',
    title: title?.[2] ?? '',
    date: field('Date'),
    status: field('Status'),
    headings: lines.filter((line) => line.startsWith('## ')),
  };
}

/** Clauses of a Status line, split on "; " outside parentheses. */
function clausesOf(status: string): string[] {
  const clauses: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of status) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ';' && depth === 0) {
      clauses.push(current.trim());
      current = '';
    } else current += char;
  }
  return [...clauses, current.trim()];
}

/** The index's rows: | [NNN](file) | title | date | status |. */
function indexRows(): Map<string, { file: string; title: string; date: string; status: string }> {
  const rows = new Map<string, { file: string; title: string; date: string; status: string }>();
  for (const line of readFileSync(path.join(DIR, 'README.md'), 'utf8').split('\n')) {
    const row = /^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (\S+) \| (.+?) \|$/.exec(line);
    if (row) rows.set(row[1]!, { file: row[2]!, title: row[3]!, date: row[4]!, status: row[5]! });
  }
  return rows;
}

const records = readdirSync(DIR)
  .filter((file) => RECORD.test(file))
  .sort()
  .map(readRecord);
const numbers = new Set(records.map((record) => record.number));

describe('decision records', () => {
  it('are found', () => {
    expect(records.length).toBeGreaterThanOrEqual(30);
  });

  it.each(records)('$file follows the template', (record) => {
    expect(record.number, 'title line "# NNN — Title"').toBe(RECORD.exec(record.file)?.[1]);
    expect(record.title).not.toBe('');
    expect(record.date, 'Date: YYYY-MM-DD').toMatch(DATE);
    expect(record.status, 'Status: line').not.toBe('');
    for (const clause of clausesOf(record.status)) {
      const parts = CLAUSE.exec(clause);
      expect(parts, `status clause "${clause}"`).not.toBeNull();
      const other = parts?.[2];
      if (other) expect(numbers.has(other), `decision ${other} exists`).toBe(true);
      const amendedOn = parts?.[3];
      if (amendedOn) {
        expect(
          record.headings.some((heading) => heading.startsWith(`## Amendment (${amendedOn})`)),
          `an "## Amendment (${amendedOn}): …" section`,
        ).toBe(true);
      }
    }
    // The three sections, in order, then only dated amendments.
    expect(record.headings.slice(0, 3)).toEqual(SECTIONS);
    for (const heading of record.headings.slice(3)) {
      expect(heading).toMatch(/^## Amendment \(\d{4}-\d{2}-\d{2}\): \S/);
    }
  });

  it.each(records)('$file is in the index with its title, date and status', (record) => {
    const row = indexRows().get(record.number);
    expect(row, `a row for ${record.number} in docs/decisions/README.md`).toBeDefined();
    expect(row).toEqual({ file: record.file, title: record.title, date: record.date, status: record.status });
  });
});
