import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WEB_ROUTE_MANIFEST } from '@app/contract';

type Segment = { kind: 'static'; value: string } | { kind: 'param'; optional: boolean } | { kind: 'splat' };

function parse(pattern: string): Segment[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .map((part): Segment => {
      if (part === '*') return { kind: 'splat' };
      if (part.startsWith(':')) return { kind: 'param', optional: part.endsWith('?') };
      return { kind: 'static', value: part.toLowerCase() };
    });
}

function matches(segments: readonly Segment[], parts: readonly string[]): boolean {
  const [head, ...rest] = segments;
  if (!head) return parts.length === 0;
  if (head.kind === 'splat') return true;
  const [part, ...others] = parts;
  if (head.kind === 'param' && head.optional && matches(rest, parts)) return true;
  if (part === undefined) return false;
  if (head.kind === 'static' && head.value !== part.toLowerCase()) return false;
  return matches(rest, others);
}

/**
 * The paths the web app has a page for, from the patterns its build wrote (apps/web/route-manifest.ts),
 * matched as React Router does: case-insensitive, trailing slash ignored, `:param` one segment
 * (`:param?` optional), a trailing `*` anything below.
 */
export class WebRoutes {
  private readonly patterns: Segment[][];

  constructor(patterns: readonly string[]) {
    this.patterns = patterns.map(parse);
  }

  has(pathname: string): boolean {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    const parts = decoded.split('/').filter(Boolean);
    return this.patterns.some((segments) => matches(segments, parts));
  }

  /** The build's manifest, or null for a build without one (every path is then the app's to judge). */
  static load(webDist: string): WebRoutes | null {
    const file = path.join(webDist, WEB_ROUTE_MANIFEST);
    if (!existsSync(file)) return null;
    const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const patterns = (manifest as { patterns?: unknown } | null)?.patterns;
    if (!Array.isArray(patterns) || !patterns.every((pattern) => typeof pattern === 'string')) {
      throw new Error(`${file} must hold {"patterns": string[]}`);
    }
    return new WebRoutes(patterns);
  }
}
