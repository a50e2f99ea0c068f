import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(config.SEED_DEMO).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('parses booleans and treats empty strings as unset', () => {
    expect(loadConfig({ SEED_DEMO: 'false', DATABASE_URL: '' })).toMatchObject({ SEED_DEMO: false });
  });

  it('reads the PostgreSQL pool size, 10 by default, and refuses one under 1', () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE must be at least 1/);
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });
});
